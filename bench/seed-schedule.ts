import { randomUUID } from 'node:crypto';
import type { Db } from '../server/src/db/types.js';

const batchSize = 400;
const dayMs = 86_400_000;
const rushContactsPerLocation = 400;
/** Rush contacts already on the rush class's waitlist: a booking that wins a spot leaves it. */
const rushWaiting = 40;

export interface ScheduleData {
  /** A class service per location; every class in the month is of these. */
  classServiceIds: string[];
  /** An appointment service per location, with two technicians working every day. */
  appointmentServiceIds: string[];
  /** (class, contact) pairs to book, over classes of the next 7 days with room for all of them. */
  bookings: { classId: string; contactId: string }[];
  /** One class of 20 spots starting tomorrow, for the class rush, with some of the rush's contacts already waiting. */
  rushClassId: string;
  /** Contacts that hold no spot in the rush class (up to 2,000, from every location), the waiting ones first. */
  rushContactIds: string[];
}

async function insertAll<T>(db: Db, rows: T[], insert: (batch: T[]) => Parameters<Db['run']>[0]) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += batchSize) await tx.run(insert(rows.slice(i, i + batchSize)));
  });
}

/**
 * A month of classes (six a day per location, 20 spots, about half full) starting today, a weekly
 * appointment schedule, and the request bodies the class and availability scenarios send.
 */
export async function seedSchedule(db: Db, companyId: string, locationIds: string[], contactIdsByLocation: string[][]): Promise<ScheduleData> {
  const now = new Date().toISOString();
  const base = { company_id: companyId, created_at: now };
  const classServiceIds: string[] = [];
  const appointmentServiceIds: string[] = [];
  const staff = [],
    hours = [],
    serviceStaff = [],
    services = [];
  for (const locationId of locationIds) {
    const classService = randomUUID();
    const appointmentService = randomUUID();
    classServiceIds.push(classService);
    appointmentServiceIds.push(appointmentService);
    const common = { ...base, location_id: locationId, description: null, category: 'bench', price_cents: 2000, buffer_before_minutes: 0, room_id: null, free_classes: 0, first_timers_only: 0 };
    services.push({ ...common, id: classService, name: 'Bench Flow', kind: 'class' as const, duration_minutes: 60, buffer_after_minutes: 0, requires_entitlement: 0 });
    services.push({ ...common, id: appointmentService, name: 'Bench Massage', kind: 'appointment' as const, duration_minutes: 60, buffer_after_minutes: 15, requires_entitlement: 0 });
    for (let s = 0; s < 2; s++) {
      const staffId = randomUUID();
      staff.push({ ...base, id: staffId, first_name: `Coach${s}`, last_name: 'Bench', email: null });
      serviceStaff.push({ service_id: appointmentService, staff_id: staffId });
      for (let weekday = 1; weekday <= 7; weekday++) hours.push({ id: randomUUID(), staff_id: staffId, location_id: locationId, weekday, start_time: '08:00', end_time: '20:00' });
    }
  }
  await insertAll(db, services, (batch) => db.qb.insertInto('services').values(batch));
  await insertAll(db, staff, (batch) => db.qb.insertInto('staff').values(batch));
  await insertAll(db, hours, (batch) => db.qb.insertInto('staff_hours').values(batch));
  await insertAll(db, serviceStaff, (batch) => db.qb.insertInto('service_staff').values(batch));

  const classes = [],
    attendees = [];
  const bookings: ScheduleData['bookings'] = [];
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (const [l, locationId] of locationIds.entries()) {
    const contacts = contactIdsByLocation[l]!;
    let next = 0;
    for (let day = 0; day < 30; day++) {
      for (let slot = 0; slot < 6; slot++) {
        const start = today + day * dayMs + (11 + slot * 2) * 3600_000;
        const id = randomUUID();
        // The next week's classes take every booking the scenario sends; later ones are ordinary.
        const capacity = day < 7 ? 100_000 : 20;
        classes.push({
          ...base,
          id,
          location_id: locationId,
          service_id: classServiceIds[l]!,
          staff_id: null,
          room_id: null,
          series_id: null,
          start_at: new Date(start).toISOString(),
          end_at: new Date(start + 3600_000).toISOString(),
          capacity,
          status: 'scheduled' as const,
        });
        for (let a = 0; a < 10; a++) {
          const contactId = contacts[next++ % contacts.length]!;
          attendees.push({
            id: randomUUID(),
            company_id: companyId,
            class_id: id,
            contact_id: contactId,
            status: 'reserved' as const,
            paid_by: 'membership' as const,
            membership_id: null,
            source: 'api' as const,
            excused: 0,
            visit_id: null,
            guest_of_contact_id: null,
            booked_at: now,
            checked_in_at: null,
            cancelled_at: null,
            updated_at: now,
          });
        }
        if (day >= 1 && day < 7) for (let b = 0; b < 200; b++) bookings.push({ classId: id, contactId: contacts[(next + 10 + b * 13) % contacts.length]! });
      }
    }
  }
  const rushClassId = randomUUID();
  const rushStart = today + dayMs + 7 * 3600_000 + 30 * 60_000;
  classes.push({
    ...base,
    id: rushClassId,
    location_id: locationIds[0]!,
    service_id: classServiceIds[0]!,
    staff_id: null,
    room_id: null,
    series_id: null,
    start_at: new Date(rushStart).toISOString(),
    end_at: new Date(rushStart + 3600_000).toISOString(),
    capacity: 20,
    status: 'scheduled' as const,
  });
  await insertAll(db, classes, (batch) => db.qb.insertInto('classes').values(batch));
  await insertAll(db, attendees, (batch) => db.qb.insertInto('class_attendees').values(batch));
  // The last 400 contacts of each location: none booked by the scenarios before the rush.
  const rushContactIds = contactIdsByLocation.flatMap((contacts) => contacts.slice(-rushContactsPerLocation));
  const waitlist = rushContactIds.slice(0, rushWaiting).map((contactId, i) => ({
    id: randomUUID(),
    company_id: companyId,
    class_id: rushClassId,
    contact_id: contactId,
    status: 'waiting' as const,
    position: i + 1,
    offer_expires_at: null,
    created_at: now,
    updated_at: now,
  }));
  await insertAll(db, waitlist, (batch) => db.qb.insertInto('class_waitlist').values(batch));
  return { classServiceIds, appointmentServiceIds, bookings, rushClassId, rushContactIds };
}
