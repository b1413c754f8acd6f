import type { AgentDatabase } from './database.js';

export type OutboxStatus = 'pending' | 'sent' | 'rejected';

/** One visit the gate let through while the server could not confirm it. */
export interface OutboxEntry {
  id: number;
  idempotency_key: string;
  membership_id: string;
  location_id: string;
  device_id: string;
  checked_in_at: string;
  /**
   * The online check-in with this key may have reached the server (it timed out unanswered). The
   * drain then replays that exact body first, so the server's stored answer decides (hardware.md 5.3).
   */
  online_attempted: number;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  visit_id: string | null;
  created_at: string;
}

export type NewOutboxEntry = Pick<OutboxEntry, 'idempotency_key' | 'membership_id' | 'location_id' | 'device_id' | 'checked_in_at'> & { online_attempted: boolean };

export interface OutboxDepth {
  pending: number;
  rejected: number;
  sent: number;
  /** created_at of the oldest pending row: how long visits have waited for the server. */
  oldestPendingAt: string | null;
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

/** What one delivery attempt came to: sent with the server's visit id, rejected, or to retry. */
export type DeliveryOutcome =
  | { id: number; kind: 'sent'; visitId: string }
  | { id: number; kind: 'rejected' | 'retry'; error: string };

/**
 * The durable outbox of offline visits. Rows are never deleted: `sent` rows are the audit trail,
 * `rejected` rows wait for a human (they are reported in /health), `pending` rows are drained in
 * id order with their own Idempotency-Key on every attempt.
 */
export class Outbox {
  private readonly statements;
  private readonly recordAll: (outcomes: readonly DeliveryOutcome[], now: string) => void;

  constructor(db: AgentDatabase) {
    this.statements = {
      insert: db.prepare(
        `insert into outbox (idempotency_key, membership_id, location_id, device_id, checked_in_at, online_attempted, created_at, updated_at)
         values (@idempotency_key, @membership_id, @location_id, @device_id, @checked_in_at, @online_attempted, @now, @now)`,
      ),
      pending: db.prepare<[number], OutboxEntry>("select * from outbox where status = 'pending' order by id limit ?"),
      byStatus: db.prepare<[OutboxStatus], OutboxEntry>('select * from outbox where status = ? order by id'),
      pendingOf: db.prepare<[string], { n: number }>("select count(*) as n from outbox where status = 'pending' and membership_id = ?"),
      sent: db.prepare("update outbox set status = 'sent', attempts = attempts + 1, last_error = null, visit_id = ?, updated_at = ? where id = ? and status = 'pending'"),
      rejected: db.prepare("update outbox set status = 'rejected', attempts = attempts + 1, last_error = ?, updated_at = ? where id = ? and status = 'pending'"),
      failed: db.prepare('update outbox set attempts = attempts + 1, last_error = ?, updated_at = ? where id = ?'),
      depth: db.prepare<[], { status: OutboxStatus; n: number; oldest: string | null }>('select status, count(*) as n, min(created_at) as oldest from outbox group by status'),
    };
    const { sent, rejected, failed } = this.statements;
    this.recordAll = db.transaction((outcomes: readonly DeliveryOutcome[], now: string) => {
      for (const outcome of outcomes) {
        if (outcome.kind === 'sent') sent.run(outcome.visitId, now, outcome.id);
        else if (outcome.kind === 'rejected') rejected.run(outcome.error, now, outcome.id);
        else failed.run(outcome.error, now, outcome.id);
      }
    });
  }

  /** Call inside the caller's transaction (the offline grant), never on its own. */
  add(entry: NewOutboxEntry, now: Date): void {
    this.statements.insert.run({ ...entry, online_attempted: entry.online_attempted ? 1 : 0, now: now.toISOString() });
  }

  pending(limit = 100): OutboxEntry[] {
    return this.statements.pending.all(limit);
  }

  list(status: OutboxStatus): OutboxEntry[] {
    return this.statements.byStatus.all(status);
  }

  /** Offline visits of a membership the server has not counted yet: added to `used` offline. */
  pendingCountOf(membershipId: string): number {
    return this.statements.pendingOf.get(membershipId)!.n;
  }

  /** Attempts' outcomes in one transaction (one sync to disk for a whole drain wave). */
  record(outcomes: readonly DeliveryOutcome[], now: Date): void {
    this.recordAll(outcomes, now.toISOString());
  }

  depth(): OutboxDepth {
    return outboxDepth(this.statements.depth.all());
  }
}
