import type { AgentDatabase } from '../store/database.js';

export type OutboxStatus = 'pending' | 'sent' | 'rejected';

/** The columns every outbox table has (its migration in store/ makes them), whatever it reports. */
export interface OutboxRow {
  id: number;
  /** The row's own Idempotency-Key: sent on every attempt and after every restart. */
  idempotency_key: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

export interface OutboxDepth {
  pending: number;
  rejected: number;
  sent: number;
  /** created_at of the oldest pending row: how long reports have waited for the server. */
  oldestPendingAt: string | null;
}

/** What one delivery attempt came to: sent (with the server's id of what it made, if kept), rejected, or to retry. */
export type DeliveryOutcome = { id: number; kind: 'sent'; ref?: string | null } | { id: number; kind: 'rejected' | 'retry'; error: string };

/** A value SQLite stores as is. */
export type Bindable = string | number | bigint | Buffer | null;

export interface OutboxTable<New> {
  /** The table, e.g. `outbox` (the gate's visits) or `class_checkin_outbox` (the kiosk's check-ins). */
  name: string;
  /** The columns a new row fills besides the common ones; `idempotency_key` among them. */
  columns: readonly (keyof New & string)[];
  /** A column that keeps what the server answered for a sent row (the visit's id), if any. */
  sentRef?: string;
  /** A new row as column values; default the entry itself. */
  encode?: (entry: New) => Record<string, Bindable>;
}

/**
 * A durable outbox on one table of the agent's database. Rows are never deleted by it: `sent`
 * rows are the audit trail, `rejected` rows wait for a human, `pending` rows are drained (see
 * drain.ts) in id order, each with its own Idempotency-Key on every attempt. A feature adds its
 * rows inside its own transaction, with the decision or the state change they report.
 */
export class DurableOutbox<Row extends OutboxRow, New extends { idempotency_key: string }> {
  private readonly statements;
  private readonly recordAll: (outcomes: readonly DeliveryOutcome[], now: string, alongside?: () => void) => void;
  private readonly encode: (entry: New) => Record<string, Bindable>;
  /** Rows the drain is delivering right now (a door failure meanwhile must not withdraw one). */
  private readonly inFlight = new Set<number>();

  constructor(db: AgentDatabase, table: OutboxTable<New>) {
    const t = table.name;
    const columns = table.columns.join(', ');
    const values = table.columns.map((column) => `@${column}`).join(', ');
    const sentRef = table.sentRef ? `, ${table.sentRef} = @ref` : '';
    this.encode = table.encode ?? ((entry) => entry as unknown as Record<string, Bindable>);
    this.statements = {
      insert: db.prepare(`insert into ${t} (${columns}, created_at, updated_at) values (${values}, @now, @now)`),
      pending: db.prepare<[number], Row>(`select * from ${t} where status = 'pending' order by id limit ?`),
      byStatus: db.prepare<[OutboxStatus], Row>(`select * from ${t} where status = ? order by id`),
      byKey: db.prepare<[string], Row>(`select * from ${t} where idempotency_key = ?`),
      sent: db.prepare(`update ${t} set status = 'sent', attempts = attempts + 1, last_error = null${sentRef}, updated_at = @now where id = @id and status = 'pending'`),
      rejected: db.prepare(`update ${t} set status = 'rejected', attempts = attempts + 1, last_error = @error, updated_at = @now where id = @id and status = 'pending'`),
      failed: db.prepare(`update ${t} set attempts = attempts + 1, last_error = @error, updated_at = @now where id = @id`),
      depth: db.prepare<[], { status: OutboxStatus; n: number; oldest: string | null }>(`select status, count(*) as n, min(created_at) as oldest from ${t} group by status`),
    };
    const { sent, rejected, failed } = this.statements;
    this.recordAll = db.transaction((outcomes: readonly DeliveryOutcome[], now: string, alongside?: () => void) => {
      for (const outcome of outcomes) {
        if (outcome.kind === 'sent') sent.run({ id: outcome.id, now, ...(sentRef && { ref: outcome.ref ?? null }) });
        else (outcome.kind === 'rejected' ? rejected : failed).run({ id: outcome.id, now, error: outcome.error });
      }
      alongside?.();
    });
  }

  /** Call inside the caller's transaction (the decision or state change this row reports), never on its own. */
  add(entry: New, now: Date): void {
    this.statements.insert.run({ ...this.encode(entry), now: now.toISOString() });
  }

  pending(limit = 100): Row[] {
    return this.statements.pending.all(limit);
  }

  list(status: OutboxStatus): Row[] {
    return this.statements.byStatus.all(status);
  }

  byKey(idempotencyKey: string): Row | null {
    return this.statements.byKey.get(idempotencyKey) ?? null;
  }

  /** Attempts' outcomes in one transaction (one sync to disk for a whole wave), with the feature's own writes for them (`alongside`). */
  record(outcomes: readonly DeliveryOutcome[], now: Date, alongside?: () => void): void {
    this.recordAll(outcomes, now.toISOString(), alongside);
  }

  /** The drain marks the rows it is delivering until their outcomes are recorded. */
  claim(ids: readonly number[]): void {
    for (const id of ids) this.inFlight.add(id);
  }

  release(ids: readonly number[]): void {
    for (const id of ids) this.inFlight.delete(id);
  }

  /** Whether the drain is delivering the row now: the server may see it any moment. */
  delivering(id: number): boolean {
    return this.inFlight.has(id);
  }

  depth(): OutboxDepth {
    return outboxDepth(this.statements.depth.all());
  }
}

/** Rows counted by status (`select status, count(*) as n, min(created_at) as oldest ... group by status`). */
export function outboxDepth(counts: readonly { status: OutboxStatus; n: number; oldest: string | null }[]): OutboxDepth {
  const depth: OutboxDepth = { pending: 0, rejected: 0, sent: 0, oldestPendingAt: null };
  for (const row of counts) {
    depth[row.status] = row.n;
    if (row.status === 'pending') depth.oldestPendingAt = row.oldest;
  }
  return depth;
}
