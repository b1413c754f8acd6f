import { randomUUID } from 'node:crypto';
import type { Visit } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import type { LocationRow } from '../locations/lookup.js';
import { toIso, type Clock } from '../../clock/time.js';
import { recordEvent } from '../events/record.js';
import type { MembershipFacts } from '../memberships/facts.js';
import { toVisit, visitColumns } from '../visits/visit-view.js';
import { insideCheckinWindow } from './checkin-window.js';
import { spotResult, type AttendeeRow, type ClassRow } from './class-repository.js';
import { consumeCredit, type VisitOrigin } from './credit.js';

/** The widest window a location may set (settings.ts): spots further off cannot be in one. */
const widestWindowMs = 1440 * 60_000;

/** The door entry being judged; `clock` dates the events it records. */
export interface DoorEntry {
  facts: MembershipFacts;
  location: LocationRow;
  at: Date;
  flags: string[];
  origin: VisitOrigin;
  clock?: Clock;
}

export interface DoorVisit {
  visit: Visit;
  /** False: the member was already checked into the class, and this door entry changed nothing. */
  created: boolean;
}

/**
 * A door check-in of a member holding a spot in a class whose check-in window holds `at` is that
 * class's check-in: the spot is checked in and the class's credit consumed once, as the visit of
 * kind `class` the door answers. In either order with the class check-in (kiosk, API), one visit
 * for one class consumes one credit: a spot already checked in answers its visit, unchanged.
 * A spot no membership pays for (free class, none) is still checked in, its door entry recorded
 * uncounted. Null: no such spot, and the door check-in is a facility visit.
 * The caller holds the contact's lock, which every class check-in takes too.
 */
export async function checkInAtDoorToClass(db: Db, sql: Queryable, input: DoorEntry): Promise<DoorVisit | null> {
  const { facts, location, at } = input;
  const candidates = await sql.all(
    db.qb
      .selectFrom('class_attendees as a')
      .innerJoin('classes as c', 'c.id', 'a.class_id')
      .selectAll('c')
      .select(['a.id as attendee_id'])
      .where('a.contact_id', '=', facts.contact_id)
      .where('a.status', 'in', ['reserved', 'checked_in'])
      .where('c.location_id', '=', location.id)
      .where('c.status', '=', 'scheduled')
      .where('c.start_at', '>=', toIso(at.getTime() - widestWindowMs))
      .where('c.start_at', '<=', toIso(at.getTime() + widestWindowMs)),
  );
  const open = candidates.filter((c) => insideCheckinWindow(c, location, at));
  if (open.length === 0) return null;
  // Back-to-back classes: the one starting nearest to the door entry, as the kiosk's scan picks.
  const distance = (c: { start_at: string }) => Math.abs(Date.parse(c.start_at) - at.getTime());
  const { attendee_id: attendeeId, ...cls } = [...open].sort((a, b) => distance(a) - distance(b))[0]!;
  const spot = (await sql.first(db.qb.selectFrom('class_attendees').selectAll().where('id', '=', attendeeId)))!;

  if (spot.status === 'checked_in' && spot.visit_id !== null) return { visit: await visitById(db, sql, spot.visit_id), created: false };
  let visitId: string;
  if (spot.status === 'reserved') visitId = await checkSpotIn(db, sql, input, spot, cls);
  else {
    // Checked in before (free class) with no visit yet: this door entry is its visit, once.
    visitId = await uncountedVisit(db, sql, input, cls);
    await sql.run(
      db.qb
        .updateTable('class_attendees')
        .set({ visit_id: visitId, updated_at: toIso(Date.now()) })
        .where('id', '=', spot.id),
    );
  }
  return { visit: await visitById(db, sql, visitId), created: true };
}

/** The class check-in itself: the covering credit consumed once, the roster updated. */
async function checkSpotIn(db: Db, sql: Queryable, input: DoorEntry, spot: AttendeeRow, cls: ClassRow): Promise<string> {
  const at = input.at.getTime();
  const visitId = (await consumeCredit(db, sql, { spot, cls, location: input.location, at, flags: input.flags, origin: input.origin })) ?? (await uncountedVisit(db, sql, input, cls));
  await sql.run(
    db.qb
      .updateTable('class_attendees')
      .set({ status: 'checked_in', checked_in_at: toIso(at), visit_id: visitId, updated_at: toIso(Date.now()) })
      .where('id', '=', spot.id),
  );
  const checkedIn = spotResult({ ...spot, status: 'checked_in' });
  await recordEvent(db, sql, { companyId: cls.company_id, type: 'class_attendee.checked_in', locationId: cls.location_id, data: checkedIn }, input.clock);
  return visitId;
}

/** A door entry into a class no membership pays for: recorded for the visit history, counted against nothing. */
async function uncountedVisit(db: Db, sql: Queryable, input: { facts: MembershipFacts; location: LocationRow; at: Date; flags: string[]; origin: VisitOrigin }, cls: ClassRow): Promise<string> {
  const { facts } = input;
  const id = randomUUID();
  await sql.run(
    db.qb.insertInto('visits').values({
      id,
      company_id: cls.company_id,
      membership_id: facts.membership_id,
      contact_id: facts.contact_id,
      location_id: cls.location_id,
      kind: 'class',
      class_id: cls.id,
      checked_in_at: toIso(input.at.getTime()),
      recorded_at: toIso(Date.now()),
      source: input.origin.source,
      device_id: input.origin.device_id,
      resolved_by: input.origin.resolved_by ?? null,
      offline: input.origin.offline ? 1 : 0,
      staff_account_id: input.origin.staff_account_id ?? null,
      flags: JSON.stringify(input.flags),
      plan_name: facts.plan_name,
      visits_used: facts.used,
      visits_remaining: facts.allowance === null ? null : Math.max(0, facts.allowance - facts.used),
      counted: 0,
    }),
  );
  return id;
}

/** The visit in the Visit shape: its columns only (all of them would add `voided_at` and `void_reason`, which Visit has not). */
async function visitById(db: Db, sql: Queryable, id: string): Promise<Visit> {
  return toVisit((await sql.first(db.qb.selectFrom('visits').select(visitColumns).where('id', '=', id)))!);
}
