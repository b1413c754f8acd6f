import type { MemberClass } from '@studio/shared/schemas/member-classes';
import { DateTime } from 'luxon';
import { toIso } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import type { LocationRow } from '../locations/lookup.js';
import { lateCancelCost, lateCancelFrom } from './cancel-terms.js';
import { classSummaries, queued, spotHolding, toClassSummary, type AttendeeRow, type WaitlistRow } from './class-repository.js';

/** The contact a member actor acts for: its own, and nobody else's. */
export function memberContactOf(actor: Actor): string {
  if (actor.identity.kind !== 'member') throw new Error("a member's classes are read for a member actor");
  return actor.identity.contactId;
}

export interface MemberClassFilter {
  /** Classes starting in [from, to), and not yet over at `now`. */
  from: number;
  to: number;
  classIds?: readonly string[];
  /** Classes already over too (an old offer's class). */
  pastToo?: boolean;
}

/**
 * Classes of the location as the member sees them: times in the location's zone, spots left, the
 * waitlist's length and the member's own state in each (booked, checked in, on the waitlist at a
 * position, offered until a time), read for the member's own contact only. Earliest first.
 */
export async function memberClasses(db: Db, actor: Actor, location: LocationRow, filter: MemberClassFilter, now: number): Promise<MemberClass[]> {
  const contactId = memberContactOf(actor);
  const nowIso = toIso(now);
  let query = classSummaries(db, actor.companyId, nowIso).where('c.location_id', '=', location.id).where('c.start_at', '>=', toIso(filter.from)).where('c.start_at', '<', toIso(filter.to));
  if (!filter.pastToo) query = query.where('c.end_at', '>', nowIso);
  if (filter.classIds) {
    if (filter.classIds.length === 0) return [];
    query = query.where('c.id', 'in', [...filter.classIds]);
  }
  const rows = await db.all(query.orderBy('c.start_at').orderBy('c.id'));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [spots, entries] = await Promise.all([
    db.all(
      db.qb
        .selectFrom('class_attendees')
        .selectAll()
        .where('contact_id', '=', contactId)
        .where('class_id', 'in', ids)
        .where('status', 'in', [...spotHolding]),
    ),
    db.all(
      db.qb
        .selectFrom('class_waitlist')
        .selectAll()
        .where('contact_id', '=', contactId)
        .where('class_id', 'in', ids)
        .where('status', 'in', [...queued]),
    ),
  ]);
  const spotOf = new Map(spots.map((spot) => [spot.class_id, spot]));
  const entryOf = new Map(entries.map((entry) => [entry.class_id, entry]));
  return rows.map((row) => {
    const summary = toClassSummary(row);
    const local = (iso: string) => DateTime.fromISO(iso, { zone: location.timezone });
    return {
      id: summary.id,
      service_id: summary.service_id,
      service_name: summary.service_name,
      instructor_id: summary.technician_id,
      instructor_name: summary.technician_name,
      start: summary.start,
      end: summary.end,
      local_date: local(summary.start).toISODate()!,
      local_start: local(summary.start).toFormat('HH:mm'),
      local_end: local(summary.end).toFormat('HH:mm'),
      capacity: summary.capacity,
      spots_left: summary.spots_left,
      waiting: summary.waiting,
      status: summary.status,
      open: summary.status === 'scheduled' && Date.parse(summary.start) > now,
      mine: myState(row, location, spotOf.get(row.id), entryOf.get(row.id), now),
    };
  });
}

function myState(cls: { start_at: string }, location: LocationRow, spot: AttendeeRow | undefined, entry: WaitlistRow | undefined, now: number): MemberClass['mine'] {
  const none = { state: 'none', waitlist_id: null, position: null, offer_until: null, offer_until_local: null, cancel: null } as const;
  if (spot) {
    if (spot.status === 'checked_in') return { ...none, state: 'checked_in' };
    const lateFrom = lateCancelFrom(cls, location);
    return { ...none, state: 'booked', cancel: { late: now >= lateFrom, late_from: toIso(lateFrom), cost: lateCancelCost(spot) } };
  }
  if (!entry) return none;
  if (entry.status === 'waiting') return { ...none, state: 'waiting', waitlist_id: entry.id, position: entry.position };
  // An offer past its deadline is no longer the member's: the next sweep passes its spot on.
  if (entry.offer_expires_at === null || Date.parse(entry.offer_expires_at) <= now) return none;
  const until = DateTime.fromISO(entry.offer_expires_at, { zone: location.timezone }).toFormat('HH:mm');
  return { ...none, state: 'offered', waitlist_id: entry.id, position: entry.position, offer_until: entry.offer_expires_at, offer_until_local: until };
}
