import type { MemberClass, MemberTimetable } from '@studio/shared/schemas/member-classes';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation, type LocationRow } from '../locations/lookup.js';
import { queued, spotHolding } from './class-repository.js';
import { memberClasses, memberContactOf } from './member-classes.js';
import { mondayOf } from './week.js';

/** How far ahead "my bookings" reaches: beyond a booking horizon any location sets. */
const bookingsAheadMs = 366 * 86_400_000;

/** The one location a member acts at (`memberAtLocation`). */
export async function memberLocation(db: Db, actor: Actor): Promise<LocationRow> {
  const locationId = actor.locationIds?.[0];
  if (actor.identity.kind !== 'member' || !locationId) throw new Error('a member acts at their app’s location (memberAtLocation)');
  return requireLocation(db, db, actor, locationId);
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * This week or next at the member's location, Monday to Sunday in its zone, classes already over
 * left out; the filters offered are the week's class types and instructors, so none leads nowhere.
 */
export async function memberTimetable(
  db: Db,
  actor: Actor,
  query: { week: 'this' | 'next'; service_id?: string | undefined; instructor_id?: string | undefined },
  clock: Clock = systemClock,
): Promise<MemberTimetable> {
  const now = clock();
  const location = await memberLocation(db, actor);
  const monday = mondayOf(undefined, location.timezone, now).plus({ weeks: query.week === 'next' ? 1 : 0 });
  const nextMonday = monday.plus({ weeks: 1 });
  const week = await memberClasses(db, actor, location, { from: monday.toMillis(), to: nextMonday.toMillis() }, now);
  const services = new Map(week.map((cls) => [cls.service_id, { id: cls.service_id, name: cls.service_name }]));
  const instructors = new Map(week.filter((cls) => cls.instructor_id !== null).map((cls) => [cls.instructor_id!, { id: cls.instructor_id!, name: cls.instructor_name ?? '' }]));
  return {
    time_zone: location.timezone,
    week_start: monday.toISODate()!,
    week_end: nextMonday.minus({ days: 1 }).toISODate()!,
    services: [...services.values()].sort(byName),
    instructors: [...instructors.values()].sort(byName),
    classes: week.filter((cls) => (query.service_id === undefined || cls.service_id === query.service_id) && (query.instructor_id === undefined || cls.instructor_id === query.instructor_id)),
  };
}

/** The member's classes not yet over where they hold a spot, wait, or hold an offer: earliest first. */
export async function memberBookings(db: Db, actor: Actor, clock: Clock = systemClock): Promise<MemberClass[]> {
  const now = clock();
  const nowIso = toIso(now);
  const contactId = memberContactOf(actor);
  const location = await memberLocation(db, actor);
  const [spots, entries] = await Promise.all([
    db.all(
      db.qb
        .selectFrom('class_attendees as a')
        .innerJoin('classes as c', 'c.id', 'a.class_id')
        .select('a.class_id')
        .where('a.contact_id', '=', contactId)
        .where('a.status', 'in', [...spotHolding])
        .where('c.end_at', '>', nowIso),
    ),
    db.all(
      db.qb
        .selectFrom('class_waitlist as w')
        .innerJoin('classes as c', 'c.id', 'w.class_id')
        .select('w.class_id')
        .where('w.contact_id', '=', contactId)
        .where('w.status', 'in', [...queued])
        .where('c.end_at', '>', nowIso),
    ),
  ]);
  const classIds = [...new Set([...spots, ...entries].map((row) => row.class_id))];
  const classes = await memberClasses(db, actor, location, { from: now - 86_400_000, to: now + bookingsAheadMs, classIds }, now);
  return classes.filter((cls) => cls.mine.state !== 'none');
}
