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
   * drain then replays that exact body first, so the server's stored answer decides (docs/hardware.md §5.3).
   */
  online_attempted: number;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  visit_id: string | null;
  /** The door never opened after this visit: once it is `sent`, the drain voids it on the server. */
  void_reason: string | null;
  /** `pending` until the server voided it (`done`), or refused to (`rejected`); null: nothing to void. */
  void_state: 'pending' | 'done' | 'rejected' | null;
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

/** A void the server refused (`void_state = 'rejected'`): the visit still counts until staff look. */
export interface RefusedVoid {
  /** The outbox row. */
  id: number;
  visit_id: string;
  /** The server's refusal code. */
  reason: string;
  /** Why the agent voided it (`door_not_opened`). */
  void_reason: string | null;
  checked_in_at: string;
  refused_at: string;
}

/** What one void attempt came to: the server voided the visit, refused to, or to retry. */
export type VoidOutcome = { id: number; kind: 'done' | 'rejected' | 'retry'; error?: string };

/** What one delivery attempt came to: sent with the server's visit id, rejected, or to retry. */
export type DeliveryOutcome = { id: number; kind: 'sent'; visitId: string } | { id: number; kind: 'rejected' | 'retry'; error: string };

/**
 * The durable outbox of offline visits. Rows are never deleted: `sent` rows are the audit trail,
 * `rejected` rows wait for a human (they are reported in /health), `pending` rows are drained in
 * id order with their own Idempotency-Key on every attempt.
 */
export class Outbox {
  private readonly statements;
  private readonly recordAll: (outcomes: readonly DeliveryOutcome[], now: string) => void;
  private readonly recordVoidsAll: (outcomes: readonly VoidOutcome[], now: string) => void;
  /** Rows the drain is delivering right now: a door failure cannot withdraw them, only void them. */
  private readonly inFlight = new Set<number>();

  constructor(private readonly db: AgentDatabase) {
    this.statements = {
      insert: db.prepare(
        `insert into outbox (idempotency_key, membership_id, location_id, device_id, checked_in_at, online_attempted, created_at, updated_at)
         values (@idempotency_key, @membership_id, @location_id, @device_id, @checked_in_at, @online_attempted, @now, @now)`,
      ),
      pending: db.prepare<[number], OutboxEntry>("select * from outbox where status = 'pending' order by id limit ?"),
      byStatus: db.prepare<[OutboxStatus], OutboxEntry>('select * from outbox where status = ? order by id'),
      // A visit whose door never opened does not count, delivered or not.
      pendingOf: db.prepare<[string], { n: number }>("select count(*) as n from outbox where status = 'pending' and membership_id = ? and void_reason is null"),
      byKey: db.prepare<[string], OutboxEntry>('select * from outbox where idempotency_key = ?'),
      withdraw: db.prepare('delete from outbox where id = ?'),
      flagVoid: db.prepare("update outbox set void_reason = ?, void_state = 'pending', updated_at = ? where id = ?"),
      insertVoid: db.prepare(
        `insert into outbox (idempotency_key, membership_id, location_id, device_id, checked_in_at, online_attempted, status, visit_id, void_reason, void_state, created_at, updated_at)
         values (@idempotency_key, @membership_id, @location_id, @device_id, @checked_in_at, 1, 'sent', @visit_id, @void_reason, 'pending', @now, @now)`,
      ),
      voidsDue: db.prepare<[number], OutboxEntry>("select * from outbox where status = 'sent' and void_state = 'pending' order by id limit ?"),
      voidDone: db.prepare("update outbox set void_state = 'done', last_error = null, updated_at = ? where id = ? and void_state = 'pending'"),
      voidRejected: db.prepare("update outbox set void_state = 'rejected', last_error = ?, updated_at = ? where id = ? and void_state = 'pending'"),
      voidFailed: db.prepare('update outbox set last_error = ?, updated_at = ? where id = ?'),
      sent: db.prepare("update outbox set status = 'sent', attempts = attempts + 1, last_error = null, visit_id = ?, updated_at = ? where id = ? and status = 'pending'"),
      rejected: db.prepare("update outbox set status = 'rejected', attempts = attempts + 1, last_error = ?, updated_at = ? where id = ? and status = 'pending'"),
      failed: db.prepare('update outbox set attempts = attempts + 1, last_error = ?, updated_at = ? where id = ?'),
      refusedVoidCount: db.prepare<[], { n: number }>("select count(*) as n from outbox where void_state = 'rejected'"),
      refusedVoids: db.prepare<[number], RefusedVoid>(
        `select id, visit_id, coalesce(last_error, 'unknown') as reason, void_reason, checked_in_at, updated_at as refused_at
         from outbox where void_state = 'rejected' order by updated_at desc, id desc limit ?`,
      ),
      depth: db.prepare<[], { status: OutboxStatus; n: number; oldest: string | null }>('select status, count(*) as n, min(created_at) as oldest from outbox group by status'),
    };
    const { voidDone, voidRejected, voidFailed } = this.statements;
    this.recordVoidsAll = db.transaction((outcomes: readonly VoidOutcome[], now: string) => {
      for (const outcome of outcomes) {
        if (outcome.kind === 'done') voidDone.run(now, outcome.id);
        else if (outcome.kind === 'rejected') voidRejected.run(outcome.error ?? null, now, outcome.id);
        else voidFailed.run(outcome.error ?? null, now, outcome.id);
      }
    });
    const { sent, rejected, failed } = this.statements;
    this.recordAll = db.transaction((outcomes: readonly DeliveryOutcome[], now: string) => {
      for (const outcome of outcomes) {
        if (outcome.kind === 'sent') sent.run(outcome.visitId, now, outcome.id);
        else if (outcome.kind === 'rejected') rejected.run(outcome.error, now, outcome.id);
        else failed.run(outcome.error, now, outcome.id);
      }
    });
  }

  /** Voids' outcomes in one transaction. */
  recordVoids(outcomes: readonly VoidOutcome[], now: Date): void {
    this.recordVoidsAll(outcomes, now.toISOString());
  }

  /** Sent visits whose door never opened, to void on the server, oldest first. */
  voidsDue(limit = 100): OutboxEntry[] {
    return this.statements.voidsDue.all(limit);
  }

  /** The drain marks the rows it is delivering, so a door failure meanwhile voids rather than withdraws them. */
  claim(ids: readonly number[]): void {
    for (const id of ids) this.inFlight.add(id);
  }

  release(ids: readonly number[]): void {
    for (const id of ids) this.inFlight.delete(id);
  }

  /**
   * An online grant whose door did not open: the server recorded the visit (its id is known), so
   * a row that only voids it, durable before anything else happens. Inside the caller's transaction.
   */
  addVoid(entry: NewOutboxEntry & { visit_id: string }, reason: string, now: Date): void {
    this.statements.insertVoid.run({ ...entry, void_reason: reason, now: now.toISOString() });
  }

  /**
   * An offline grant whose door did not open. A row the server cannot have seen (pending, never
   * attempted online, not being delivered) is withdrawn: it never was a visit. Otherwise the visit
   * may exist on the server: the row is delivered as usual under its own key (the server's stored
   * answer, or the visit recorded now) and then voided. Inside the caller's transaction.
   */
  doorFailed(idempotencyKey: string, reason: string, now: Date): 'withdrawn' | 'voided' | 'none' {
    const row = this.statements.byKey.get(idempotencyKey);
    if (!row) return 'none';
    if (row.status === 'pending' && !row.online_attempted && !this.inFlight.has(row.id)) {
      this.statements.withdraw.run(row.id);
      return 'withdrawn';
    }
    this.statements.flagVoid.run(reason, now.toISOString(), row.id);
    return 'voided';
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

  /** How many voids the server refused, and the newest `limit` of them (for /health). */
  refusedVoids(limit: number): { count: number; newest: RefusedVoid[] } {
    return { count: this.statements.refusedVoidCount.get()!.n, newest: this.statements.refusedVoids.all(limit) };
  }

  depth(): OutboxDepth {
    return outboxDepth(this.statements.depth.all());
  }
}
