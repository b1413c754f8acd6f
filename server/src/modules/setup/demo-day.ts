import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { systemActor } from '../../domain/actor.js';
import { bookClass } from '../classes/book.js';
import { spotHolding } from '../classes/class-repository.js';

/** Classes starting this many minutes from now: the first one open for check-in at once. */
const startsInMinutes = [10, 70, 150];

/** Who the demo books, by member code: the first class holds a past-due member (HF-1004) for the kiosk's refusal. */
const bookings: string[][] = [['HF-1001', 'HF-1002', 'HF-1004', 'HF-1003', 'HF-1007'], ['HF-1011', 'HF-1012'], ['HF-1010']];

/** The demo's past-due member: the kiosk's refusal is shown with them. */
const pastDueCode = 'HF-1004';
/** "Now and in the next hours": the window the kiosk's demo fills, as the kiosk's default horizon. */
const nextHoursMs = 3 * 3_600_000;
/** A class with the past-due member starts within this, so a scan shows the refusal now or soon. */
const soonMs = 60 * 60_000;

export interface DemoDay {
  /** False when the location already had the demo's booked classes now and in the next hours. */
  created: boolean;
  classIds: string[];
  /** Bookings the booking rules refused (a plan's weekly limit reached by earlier demo days): the others still stand. */
  refused: number;
}

/** Books a contact by the rules of any booking, so they decide what pays. */
export type DemoBooker = (classId: string, contactId: string) => Promise<void>;

/** Books through the booking service as the business itself (every location), at `clock`'s time: no request, no key. */
export function bookAsBusiness(db: Db, companyId: string, clock?: Clock): DemoBooker {
  const business = systemActor(companyId, 'one-box demo');
  return async (classId, contactId) => {
    await bookClass(db, business, classId, { contact_id: contactId }, clock);
  };
}

function roundUpToFive(ms: number): number {
  const five = 5 * 60_000;
  return Math.ceil(ms / five) * five;
}

/**
 * True when the classes running or starting in the next hours already show the demo: two of them
 * hold bookings, and one starting within the hour holds the past-due member.
 */
export async function demoDayShown(db: Db, companyId: string, locationId: string, now: number): Promise<boolean> {
  const pastDue = await db.first(db.qb.selectFrom('memberships').select('contact_id').where('company_id', '=', companyId).where('member_code', '=', pastDueCode));
  const held = await db.all(
    db.qb
      .selectFrom('classes')
      .innerJoin('class_attendees', 'class_attendees.class_id', 'classes.id')
      .select(['classes.id', 'classes.start_at', 'class_attendees.contact_id'])
      .where('classes.location_id', '=', locationId)
      .where('classes.status', '=', 'scheduled')
      .where('class_attendees.status', 'in', [...spotHolding])
      .where('classes.end_at', '>', new Date(now).toISOString())
      .where('classes.start_at', '<', new Date(now + nextHoursMs).toISOString()),
  );
  const bookedClasses = new Set(held.map((row) => row.id));
  const pastDueSoon = held.some((row) => row.contact_id === pastDue?.contact_id && Date.parse(row.start_at) < now + soonMs);
  return bookedClasses.size >= 2 && pastDueSoon;
}

/**
 * The demo timetable's series run at fixed local times, so `npm start` at most hours would find no
 * class on the kiosk, and at others a series class with nobody booked. This adds a few one-off
 * classes now and in the next hours at the kiosk's location, with members booked (the past-due one
 * in the first), unless the kiosk already shows that (`demoDayShown`: a restart within the hour).
 * Series classes at the same hours do not stop it: they stay, shown beside the demo's. The classes
 * are ordinary rows, as the import writes them; the bookings go through `book`, the booking rules
 * deciding (`bookAsBusiness`).
 */
export async function addDemoClassesNow(db: Db, companyId: string, locationId: string, book: DemoBooker, now = Date.now()): Promise<DemoDay> {
  if (await demoDayShown(db, companyId, locationId, now)) return { created: false, classIds: [], refused: 0 };

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
  if (services.length === 0) return { created: false, classIds: [], refused: 0 };
  const classIds: string[] = [];
  for (const [i, minutes] of startsInMinutes.entries()) {
    const service = services[i % services.length]!;
    const staff = await db.first(db.qb.selectFrom('service_staff').select('staff_id').where('service_id', '=', service.id).orderBy('staff_id'));
    const start = roundUpToFive(now + minutes * 60_000);
    const id = randomUUID();
    await db.run(
      db.qb.insertInto('classes').values({
        id,
        company_id: companyId,
        location_id: locationId,
        service_id: service.id,
        staff_id: staff?.staff_id ?? null,
        room_id: service.room_id,
        series_id: null,
        start_at: new Date(start).toISOString(),
        end_at: new Date(start + service.duration_minutes * 60_000).toISOString(),
        capacity: 12,
        status: 'scheduled',
        created_at: new Date(now).toISOString(),
      }),
    );
    classIds.push(id);
  }
  let refused = 0;
  for (const [i, codes] of bookings.entries()) {
    for (const code of codes) {
      const member = await db.first(db.qb.selectFrom('memberships').select('contact_id').where('company_id', '=', companyId).where('member_code', '=', code));
      // One refused booking (a weekly class limit, an ended plan) must not leave the rest unbooked.
      if (member) await book(classIds[i]!, member.contact_id).catch(() => refused++);
    }
  }
  return { created: true, classIds, refused };
}
