import { DurableOutbox, type OutboxRow } from '../outbox/durable-outbox.js';
import type { AgentDatabase } from '../store/database.js';

/** One visit the gate let through while the server could not confirm it. */
export interface OutboxEntry extends OutboxRow {
  membership_id: string;
  location_id: string;
  device_id: string;
  checked_in_at: string;
  /**
   * The online check-in with this key may have reached the server (it timed out unanswered). The
   * drain then replays that exact body first, so the server's stored answer decides (docs/hardware.md §5.3).
   */
  online_attempted: number;
  visit_id: string | null;
  /** The door never opened after this visit: once it is `sent`, the drain voids it on the server. */
  void_reason: string | null;
  /** `pending` until the server voided it (`done`), or refused to (`rejected`); null: nothing to void. */
  void_state: 'pending' | 'done' | 'rejected' | null;
}

export type NewOutboxEntry = Pick<OutboxEntry, 'idempotency_key' | 'membership_id' | 'location_id' | 'device_id' | 'checked_in_at'> & { online_attempted: boolean };

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

/**
 * The durable outbox of offline visits (table `outbox`), on the generic outbox: a sent row keeps
 * the server's visit id. Besides, the voids of visits whose door never opened: a sent row flagged
 * with a `void_reason` is voided on the server once (see visit-voids.ts).
 */
export class VisitOutbox extends DurableOutbox<OutboxEntry, NewOutboxEntry> {
  private readonly visitStatements;
  private readonly recordVoidsAll: (outcomes: readonly VoidOutcome[], now: string) => void;

  constructor(db: AgentDatabase) {
    super(db, {
      name: 'outbox',
      columns: ['idempotency_key', 'membership_id', 'location_id', 'device_id', 'checked_in_at', 'online_attempted'],
      sentRef: 'visit_id',
      encode: (entry) => ({ ...entry, online_attempted: entry.online_attempted ? 1 : 0 }),
    });
    this.visitStatements = {
      // A visit whose door never opened does not count, delivered or not.
      pendingOf: db.prepare<[string], { n: number }>("select count(*) as n from outbox where status = 'pending' and membership_id = ? and void_reason is null"),
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
      refusedVoidCount: db.prepare<[], { n: number }>("select count(*) as n from outbox where void_state = 'rejected'"),
      refusedVoids: db.prepare<[number], RefusedVoid>(
        `select id, visit_id, coalesce(last_error, 'unknown') as reason, void_reason, checked_in_at, updated_at as refused_at
         from outbox where void_state = 'rejected' order by updated_at desc, id desc limit ?`,
      ),
    };
    const { voidDone, voidRejected, voidFailed } = this.visitStatements;
    this.recordVoidsAll = db.transaction((outcomes: readonly VoidOutcome[], now: string) => {
      for (const outcome of outcomes) {
        if (outcome.kind === 'done') voidDone.run(now, outcome.id);
        else if (outcome.kind === 'rejected') voidRejected.run(outcome.error ?? null, now, outcome.id);
        else voidFailed.run(outcome.error ?? null, now, outcome.id);
      }
    });
  }

  /** Offline visits of a membership the server has not counted yet: added to `used` offline. */
  pendingCountOf(membershipId: string): number {
    return this.visitStatements.pendingOf.get(membershipId)!.n;
  }

  /**
   * An online grant whose door did not open: the server recorded the visit (its id is known), so
   * a row that only voids it, durable before anything else happens. Inside the caller's transaction.
   */
  addVoid(entry: NewOutboxEntry & { visit_id: string }, reason: string, now: Date): void {
    this.visitStatements.insertVoid.run({ ...entry, void_reason: reason, now: now.toISOString() });
  }

  /**
   * An offline grant whose door did not open. A row the server cannot have seen (pending, never
   * attempted online, not being delivered) is withdrawn: it never was a visit. Otherwise the visit
   * may exist on the server: the row is delivered as usual under its own key (the server's stored
   * answer, or the visit recorded now) and then voided. Inside the caller's transaction.
   */
  doorFailed(idempotencyKey: string, reason: string, now: Date): 'withdrawn' | 'voided' | 'none' {
    const row = this.byKey(idempotencyKey);
    if (!row) return 'none';
    if (row.status === 'pending' && !row.online_attempted && !this.delivering(row.id)) {
      this.visitStatements.withdraw.run(row.id);
      return 'withdrawn';
    }
    this.visitStatements.flagVoid.run(reason, now.toISOString(), row.id);
    return 'voided';
  }

  /** Sent visits whose door never opened, to void on the server, oldest first. */
  voidsDue(limit = 100): OutboxEntry[] {
    return this.visitStatements.voidsDue.all(limit);
  }

  /** Voids' outcomes in one transaction. */
  recordVoids(outcomes: readonly VoidOutcome[], now: Date): void {
    this.recordVoidsAll(outcomes, now.toISOString());
  }

  /** How many voids the server refused, and the newest `limit` of them (for /health). */
  refusedVoids(limit: number): { count: number; newest: RefusedVoid[] } {
    return { count: this.visitStatements.refusedVoidCount.get()!.n, newest: this.visitStatements.refusedVoids.all(limit) };
  }
}
