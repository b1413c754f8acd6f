import { DurableOutbox, type OutboxRow } from '../../outbox/durable-outbox.js';
import type { AgentDatabase } from '../../store/database.js';

/** One class check-in the kiosk answered while the server was away, waiting to be reported. */
export interface ClassCheckInEntry extends OutboxRow {
  class_id: string;
  contact_id: string;
  device_id: string;
  checked_in_at: string;
  /** What staff need to read a conflict after the timetable moved on; a display name, never a full name. */
  class_name: string;
  class_start: string;
  display_name: string;
  updated_at: string;
}

export type NewClassCheckIn = Pick<ClassCheckInEntry, 'idempotency_key' | 'class_id' | 'contact_id' | 'device_id' | 'checked_in_at' | 'class_name' | 'class_start' | 'display_name'>;

/**
 * The durable outbox of offline class check-ins (table `class_checkin_outbox`), on the generic
 * outbox. It is a table of its own, not a kind of the gate's visit outbox: a class check-in names a
 * class and a contact, not a membership, and a refusal at sync is an ordinary conflict for staff.
 */
export class ClassCheckInOutbox extends DurableOutbox<ClassCheckInEntry, NewClassCheckIn> {
  private readonly pendingOfClass;

  constructor(db: AgentDatabase) {
    super(db, { name: 'class_checkin_outbox', columns: ['idempotency_key', 'class_id', 'contact_id', 'device_id', 'checked_in_at', 'class_name', 'class_start', 'display_name'] });
    this.pendingOfClass = db.prepare<[string], { contact_id: string }>("select contact_id from class_checkin_outbox where status = 'pending' and class_id = ?");
  }

  /** Contacts checked in here offline and not yet reported: still checked in, whatever an older roster says. */
  pendingContactsOf(classId: string): Set<string> {
    return new Set(this.pendingOfClass.all(classId).map((row) => row.contact_id));
  }
}
