/**
 * A new outbox table, for the migration step that adds a kind of offline report: the columns every
 * outbox has (the generic outbox in outbox/durable-outbox.ts reads and writes them), then the
 * report's own (`reportColumns`, SQL column definitions), and the index its drain reads by. The
 * gate's `outbox` and the kiosk's `class_checkin_outbox` have the same common columns; their
 * tables predate this helper and are written out in their own steps.
 */
export function outboxTableSql(table: string, reportColumns: string): string {
  return `
create table if not exists ${table} (
  id integer primary key autoincrement,
  idempotency_key text not null unique,
  ${reportColumns.trim()},
  status text not null default 'pending' check (status in ('pending', 'sent', 'rejected')),
  attempts integer not null default 0,
  last_error text,
  created_at text not null,
  updated_at text not null
);
create index if not exists ${table}_status on ${table} (status, id);
`;
}
