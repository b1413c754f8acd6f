import type { KioskAttendee, KioskClass } from '@studio/shared/kiosk';
import type { AgentDatabase } from '../../store/database.js';
import { ClassCheckInOutbox, type NewClassCheckIn } from './class-outbox.js';
import { TimetableCache } from './timetable-cache.js';

/**
 * The kiosk's cache and outbox on the agent's database (its tables: store/migration-2-kiosk.ts),
 * and the writes that must commit together.
 */
export class KioskStore {
  readonly timetable: TimetableCache;
  readonly outbox: ClassCheckInOutbox;

  constructor(private readonly db: AgentDatabase) {
    this.timetable = new TimetableCache(db);
    this.outbox = new ClassCheckInOutbox(db);
  }

  replaceClasses(classes: KioskClass[], at: Date): void {
    this.db.transaction(() => this.timetable.replaceClasses(classes, at))();
  }

  /**
   * A roster as the server answered it, with the check-ins made here offline and not yet reported
   * kept as checked in: the server learns of them only when the outbox drains.
   */
  saveRoster(cls: KioskClass, roster: KioskAttendee[], at: Date): void {
    this.db.transaction(() => {
      const pending = this.outbox.pendingContactsOf(cls.id);
      const merged = roster.map((a) => (pending.has(a.contact_id) ? { ...a, status: 'checked_in' as const } : a));
      this.timetable.saveClass(cls, merged, at);
    })();
  }

  /** A check-in the server confirmed: the cached roster shows it at once. */
  markCheckedIn(classId: string, attendee: KioskAttendee): void {
    this.db.transaction(() => this.timetable.setAttendee(classId, { ...attendee, status: 'checked_in' }))();
  }

  /**
   * An offline check-in: the row to report and the roster's new state in one transaction, so
   * after any crash either both exist or neither does, and a second tap answers "already".
   */
  recordOfflineCheckIn(entry: NewClassCheckIn, now: Date): void {
    this.db.transaction(() => {
      this.outbox.add(entry, now);
      this.timetable.setAttendee(entry.class_id, { contact_id: entry.contact_id, display_name: entry.display_name, status: 'checked_in' });
    })();
  }
}
