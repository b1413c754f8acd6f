import type { AgentDatabase } from '../../store/database.js';
import { outboxDepth, type OutboxDepth, type OutboxStatus } from '../../outbox/durable-outbox.js';

/** One class check-in the kiosk answered while the server was away, waiting to be reported. */
export interface ClassCheckInEntry {
  id: number;
  idempotency_key: string;
  class_id: string;
  contact_id: string;
  device_id: string;
  checked_in_at: string;
  /** What staff need to read a conflict after the timetable moved on; a display name, never a full name. */
  class_name: string;
  class_start: string;
  display_name: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export type NewClassCheckIn = Pick<ClassCheckInEntry, 'idempotency_key' | 'class_id' | 'contact_id' | 'device_id' | 'checked_in_at' | 'class_name' | 'class_start' | 'display_name'>;

/**
 * The durable outbox of offline class check-ins (the facility visits have theirs in
 * store/outbox.ts; a class check-in names a class and a contact, not a membership, and a refusal
 * at sync is an ordinary conflict). Rows are never deleted: `sent` is the audit trail, `rejected`
 * waits for staff, `pending` is drained in id order, each with its own Idempotency-Key every time.
 */
export class ClassCheckInOutbox {
  private readonly statements;

  constructor(db: AgentDatabase) {
    this.statements = {
      insert: db.prepare(
        `insert into class_checkin_outbox (idempotency_key, class_id, contact_id, device_id, checked_in_at, class_name, class_start, display_name, created_at, updated_at)
         values (@idempotency_key, @class_id, @contact_id, @device_id, @checked_in_at, @class_name, @class_start, @display_name, @now, @now)`,
      ),
      pending: db.prepare<[number], ClassCheckInEntry>("select * from class_checkin_outbox where status = 'pending' order by id limit ?"),
      byStatus: db.prepare<[OutboxStatus], ClassCheckInEntry>('select * from class_checkin_outbox where status = ? order by id'),
      pendingOfClass: db.prepare<[string], { contact_id: string }>("select contact_id from class_checkin_outbox where status = 'pending' and class_id = ?"),
      sent: db.prepare("update class_checkin_outbox set status = 'sent', attempts = attempts + 1, last_error = null, updated_at = ? where id = ? and status = 'pending'"),
      rejected: db.prepare("update class_checkin_outbox set status = 'rejected', attempts = attempts + 1, last_error = ?, updated_at = ? where id = ? and status = 'pending'"),
      failed: db.prepare('update class_checkin_outbox set attempts = attempts + 1, last_error = ?, updated_at = ? where id = ?'),
      depth: db.prepare<[], { status: OutboxStatus; n: number; oldest: string | null }>('select status, count(*) as n, min(created_at) as oldest from class_checkin_outbox group by status'),
    };
  }

  /** Call inside the caller's transaction (the offline decision), never on its own. */
  add(entry: NewClassCheckIn, now: Date): void {
    this.statements.insert.run({ ...entry, now: now.toISOString() });
  }

  pending(limit = 50): ClassCheckInEntry[] {
    return this.statements.pending.all(limit);
  }

  list(status: OutboxStatus): ClassCheckInEntry[] {
    return this.statements.byStatus.all(status);
  }

  /** Contacts checked in here offline and not yet reported: still checked in, whatever an older roster says. */
  pendingContactsOf(classId: string): Set<string> {
    return new Set(this.statements.pendingOfClass.all(classId).map((row) => row.contact_id));
  }

  markSent(id: number, now: Date): void {
    this.statements.sent.run(now.toISOString(), id);
  }

  markRejected(id: number, code: string, now: Date): void {
    this.statements.rejected.run(code, now.toISOString(), id);
  }

  markFailedAttempt(id: number, error: string, now: Date): void {
    this.statements.failed.run(error, now.toISOString(), id);
  }

  depth(): OutboxDepth {
    return outboxDepth(this.statements.depth.all());
  }
}
