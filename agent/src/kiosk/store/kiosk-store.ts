import type { KioskAttendee, KioskClass } from '@studio/shared/kiosk';
import type { AgentDatabase } from '../../store/database.js';
import { ClassCheckInOutbox, type NewClassCheckIn } from './class-outbox.js';
import { TimetableCache } from './timetable-cache.js';

/** The kiosk's tables in the agent's one SQLite file (WAL, synchronous=FULL: see store/database.ts). */
const schema = `
create table if not exists kiosk_classes (
  id text primary key,
  start text not null,
  class text not null,
  roster text,
  synced_at text not null
);
create index if not exists kiosk_classes_start on kiosk_classes (start);

create table if not exists kiosk_state (
  id integer primary key check (id = 1),
  synced_at text,
  location_name text,
  timezone text
);

create table if not exists class_checkin_outbox (
  id integer primary key autoincrement,
  idempotency_key text not null unique,
  class_id text not null,
  contact_id text not null,
  device_id text not null,
  checked_in_at text not null,
  class_name text not null,
  class_start text not null,
  display_name text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'rejected')),
  attempts integer not null default 0,
  last_error text,
  created_at text not null,
  updated_at text not null
);
create index if not exists class_checkin_outbox_status on class_checkin_outbox (status, id);
create index if not exists class_checkin_outbox_class on class_checkin_outbox (class_id, status);
`;

/** The kiosk's cache and outbox on the agent's database, and the writes that must commit together. */
export class KioskStore {
  readonly timetable: TimetableCache;
  readonly outbox: ClassCheckInOutbox;

  constructor(private readonly db: AgentDatabase) {
    db.exec(schema);
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
