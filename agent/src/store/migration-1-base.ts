import type { AgentDatabase } from './database.js';

/**
 * The tables of the agent's one SQLite file. No raw card number is ever stored: the cache holds
 * the feed's keyed hashes, the outbox a membership id, the decision log a local digest.
 */
const schema = `
create table if not exists feed_rows (
  credential_hash text primary key,
  membership_id text not null,
  contact_id text,
  row text not null
);
create index if not exists feed_rows_membership on feed_rows (membership_id);

-- The spare generation of feed_rows: a full reload fills it while feed_rows answers, then they swap
-- (feed_state.live_table names the one that answers).
create table if not exists feed_rows_alt (
  credential_hash text primary key,
  membership_id text not null,
  contact_id text,
  row text not null
);
create index if not exists feed_rows_alt_membership on feed_rows_alt (membership_id);
create index if not exists feed_rows_alt_contact_id on feed_rows_alt (contact_id);

-- A full reload under way beside a usable cache: its location, next cursor and hash key.
create table if not exists feed_reload (
  id integer primary key check (id = 1),
  location_id text not null,
  cursor text,
  hash_key text not null
);

create table if not exists feed_state (
  id integer primary key check (id = 1),
  location_id text,
  cursor text,
  hash_key text,
  rules text,
  full_sync_at text,
  delta_sync_at text
);

create table if not exists decisions (
  id integer primary key autoincrement,
  at text not null,
  lane_id text not null,
  reader_id text not null,
  credential_digest text not null,
  membership_id text,
  granted integer not null,
  reason text,
  offline integer not null,
  idempotency_key text
);
-- A member's latest passage is the last of their entries here (rowid order), read without a sort
-- at every scan, by decisions_last_passage (made below, once passage_key exists). The indexes it
-- replaces keyed the card's printed text (issue 14) or ended in \`at\` (a sort of every grant).
drop index if exists decisions_grants;
drop index if exists decisions_last_grant;

create table if not exists outbox (
  id integer primary key autoincrement,
  idempotency_key text not null unique,
  membership_id text not null,
  location_id text not null,
  device_id text not null,
  checked_in_at text not null,
  online_attempted integer not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'rejected')),
  attempts integer not null default 0,
  last_error text,
  visit_id text,
  created_at text not null,
  updated_at text not null
);
create index if not exists outbox_status on outbox (status, id);

create table if not exists liveness (id integer primary key check (id = 1), at text not null);

create table if not exists local_secret (id integer primary key check (id = 1), secret blob not null);
`;

/**
 * The contact of each cached row (a kiosk knows the person, not the card) as a column of its own,
 * added to a database made before it. An index on `json_extract(row, '$.contact_id')` parsed every
 * row's JSON on each insert: a full load of 200,000 rows took 8.8 s with it, 6.4 s with the column.
 */
function withContactColumn(db: AgentDatabase): void {
  const columns = db.prepare<[string], { name: string }>('select name from pragma_table_info(?)').all('feed_rows');
  if (!columns.some((column) => column.name === 'contact_id')) {
    db.exec("alter table feed_rows add column contact_id text; update feed_rows set contact_id = json_extract(row, '$.contact_id')");
  }
  db.exec('drop index if exists feed_rows_contact; create index if not exists feed_rows_contact_id on feed_rows (contact_id)');
}

/** Columns added after a table was first made: added to a database made before them. */
function withColumns(db: AgentDatabase, table: string, columns: Record<string, string>): void {
  const existing = new Set(
    db
      .prepare<[string], { name: string }>('select name from pragma_table_info(?)')
      .all(table)
      .map((column) => column.name),
  );
  for (const [name, definition] of Object.entries(columns)) if (!existing.has(name)) db.exec(`alter table ${table} add column ${name} ${definition}`);
}

/** Which table of rows answers (see feed_rows_alt), added to a database made before reloads swapped. */
function withLiveTableColumn(db: AgentDatabase): void {
  const columns = db.prepare<[string], { name: string }>('select name from pragma_table_info(?)').all('feed_state');
  if (!columns.some((column) => column.name === 'live_table')) {
    db.exec("alter table feed_state add column live_table text not null default 'feed_rows' check (live_table in ('feed_rows', 'feed_rows_alt'))");
  }
}

/**
 * Feed rows cached before rows carried `door_checkin_consumes` (issue 14) read as `visit` (see
 * eligibility/cache.ts). Once, on the first open by a version that knows it, the feed cursor (and
 * a reload under way) is dropped: the next sync reloads every row beside the cache that keeps
 * answering, so a `nothing` pack's undelivered door visits stop counting offline. Version 1 marks
 * it done.
 */
function reloadFeedForDoorSetting(db: AgentDatabase): void {
  db.exec('update feed_state set cursor = null; delete from feed_reload');
}

/**
 * Step 1: the gate's and the cache's tables as every agent made them on each open until schema
 * versions came (idempotent, so a database made before, at version 0 with its tables and rows,
 * takes it unchanged but for the columns and indexes it lacks), and the one-time feed reload that
 * version 1 always meant.
 */
export function baseSchema(db: AgentDatabase): void {
  db.exec(schema);
  withContactColumn(db);
  withLiveTableColumn(db);
  // A visit whose door never opened (issue 14, 4a): voided on the server once it is sent.
  withColumns(db, 'outbox', { void_reason: 'text', void_state: "text check (void_state in ('pending', 'done', 'rejected'))" });
  withRefusedVoidsIndex(db);
  // Anti-passback by member, whatever card or code they used, and which way they went (issue 14, 4f).
  withColumns(db, 'decisions', { passage_key: 'text', direction: "text not null default 'in'" });
  db.exec('create index if not exists decisions_last_passage on decisions (passage_key, granted)');
  reloadFeedForDoorSetting(db);
}

/** /health counts refused voids on every call; the outbox keeps every sent row, so only they are indexed. */
export function withRefusedVoidsIndex(db: AgentDatabase): void {
  db.exec("create index if not exists outbox_refused_voids on outbox (updated_at, id) where void_state = 'rejected'");
}
