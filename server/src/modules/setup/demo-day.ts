import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/types.js';

/** Classes starting this many minutes from now: the first one open for check-in at once. */
const startsInMinutes = [10, 70, 150];

/** Who the demo books, by member code: the first class holds a past-due member (HF-1004) for the kiosk's refusal. */
const bookings: string[][] = [['HF-1001', 'HF-1002', 'HF-1004', 'HF-1003', 'HF-1007'], ['HF-1011', 'HF-1012'], ['HF-1010']];

export interface DemoDay {
  /** False when the location already had classes now and in the next hours. */
  created: boolean;
  classIds: string[];
}

/** Books a contact through the API, so the booking rules decide what pays, as for any booking. */
export type DemoBooker = (classId: string, contactId: string) => Promise<void>;

function roundUpToFive(ms: number): number {
  const five = 5 * 60_000;
  return Math.ceil(ms / five) * five;
}

/**
 * The demo timetable is fixed dates and times, so `npm start` at any hour would find the kiosk
 * empty. This adds a few one-off classes now and in the next hours at the kiosk's location, with
 * members booked, unless it already has classes then (a restart, or a real timetable). The
 * classes are ordinary rows, as the import writes them; the bookings go through the API.
 */
export async function addDemoClassesNow(db: Db, companyId: string, locationId: string, book: DemoBooker, now = Date.now()): Promise<DemoDay> {
  const from = new Date(now - 60 * 60_000).toISOString();
  const to = new Date(now + 3 * 3_600_000).toISOString();
  const existing = await db.first(
    db.qb.selectFrom('classes').select('id').where('location_id', '=', locationId).where('status', '=', 'scheduled').where('start_at', '>=', from).where('start_at', '<', to),
  );
  if (existing) return { created: false, classIds: [] };

  const services = await db.all(
    db.qb
      .selectFrom('services')
      .select(['id', 'room_id', 'duration_minutes'])
      .where('company_id', '=', companyId)
      .where('location_id', '=', locationId)
      .where('kind', '=', 'class')
      .where('first_timers_only', '=', 0)
      .orderBy('name'),
  );
  if (services.length === 0) return { created: false, classIds: [] };
  const classIds: string[] = [];
  for (const [i, minutes] of startsInMinutes.entries()) {
    const service = services[i % services.length]!;
    const staff = await db.first(db.qb.selectFrom('service_staff').select('staff_id').where('service_id', '=', service.id).orderBy('staff_id'));
    const start = roundUpToFive(now + minutes * 60_000);
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('classes').values({
        id, company_id: companyId, location_id: locationId, service_id: service.id, staff_id: staff?.staff_id ?? null, room_id: service.room_id, series_id: null,
        start_at: new Date(start).toISOString(), end_at: new Date(start + service.duration_minutes * 60_000).toISOString(), capacity: 12, status: 'scheduled',
        created_at: new Date(now).toISOString(),
      }),
    );
    classIds.push(id);
  }
  for (const [i, codes] of bookings.entries()) {
    for (const code of codes) {
      const member = await db.first(db.qb.selectFrom('memberships').select('contact_id').where('company_id', '=', companyId).where('member_code', '=', code));
      if (member) await book(classIds[i]!, member.contact_id);
    }
  }
  return { created: true, classIds };
}
