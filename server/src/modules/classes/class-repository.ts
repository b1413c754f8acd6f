import { randomUUID } from 'node:crypto';
import { ApiError, type ClassSpotResult, type ClassSummary } from '@studio/shared';
import type { Selectable } from 'kysely';
import { lockRows } from '../../db/row-locks.js';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { assertLocationAllowed } from '../locations/lookup.js';
import { classCheckinWindow } from './checkin-window.js';

export type ClassRow = Tables['classes'];
export type AttendeeRow = Selectable<Tables['class_attendees']>;
export type WaitlistRow = Selectable<Tables['class_waitlist']>;

/** Roster statuses that hold a spot. */
export const spotHolding = ['reserved', 'checked_in'] as const;

/** A reserved spot as booking and waitlist promotion insert it: who pays, and where it came from. */
export function newSpot(
  cls: Pick<ClassRow, 'id' | 'company_id'>,
  contactId: string,
  coverage: Pick<AttendeeRow, 'paid_by' | 'membership_id'>,
  source: AttendeeRow['source'],
  nowIso: string,
): AttendeeRow {
  return {
    id: randomUUID(),
    company_id: cls.company_id,
    class_id: cls.id,
    contact_id: contactId,
    status: 'reserved',
    paid_by: coverage.paid_by,
    membership_id: coverage.membership_id,
    source,
    excused: 0,
    visit_id: null,
    guest_of_contact_id: null,
    booked_at: nowIso,
    checked_in_at: null,
    cancelled_at: null,
    cancelled_with_class: 0,
    updated_at: nowIso,
  };
}
/** A spot as the API answers it (book, check-in) and the class_attendee.* events carry it. */
export function spotResult(spot: AttendeeRow): ClassSpotResult {
  return { attendee_id: spot.id, class_id: spot.class_id, contact_id: spot.contact_id, status: spot.status, paid_by: spot.paid_by };
}

/** Waitlist statuses still in the queue. */
export const queued = ['waiting', 'offered'] as const;

/**
 * Timetable rows with service, instructor and counts. An offer made to a waitlisted contact holds
 * its spot until it expires, so `spots_left` is capacity minus booked minus open offers.
 */
export function classSummaries(db: Db, companyId: string, now: string) {
  return db.qb
    .selectFrom('classes as c')
    .innerJoin('services as s', 's.id', 'c.service_id')
    .leftJoin('staff as t', 't.id', 'c.staff_id')
    .innerJoin('locations as l', 'l.id', 'c.location_id')
    .select((eb) => [
      'l.settings as location_settings',
      'c.id',
      'c.location_id',
      'c.service_id',
      's.name as service_name',
      'c.staff_id',
      't.first_name as staff_first_name',
      't.last_name as staff_last_name',
      'c.start_at',
      'c.end_at',
      'c.capacity',
      'c.status',
      eb
        .selectFrom('class_attendees as a')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('a.class_id', '=', 'c.id')
        .where('a.status', 'in', [...spotHolding])
        .as('booked'),
      eb
        .selectFrom('class_waitlist as w')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('w.class_id', '=', 'c.id')
        .where('w.status', '=', 'offered')
        .where('w.offer_expires_at', '>', now)
        .as('held'),
      eb
        .selectFrom('class_waitlist as q')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('q.class_id', '=', 'c.id')
        .where('q.status', 'in', [...queued])
        .as('waiting'),
    ])
    .where('c.company_id', '=', companyId);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof classSummaries>['execute']>>[number];

export function toClassSummary(row: SummaryRow): ClassSummary {
  const booked = Number(row.booked ?? 0);
  const held = Number(row.held ?? 0);
  const name = row.staff_first_name === null ? null : [row.staff_first_name, row.staff_last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    location_id: row.location_id,
    service_id: row.service_id,
    service_name: row.service_name,
    technician_id: row.staff_id,
    technician_name: name,
    start: row.start_at,
    end: row.end_at,
    capacity: row.capacity,
    booked,
    spots_left: Math.max(0, row.capacity - booked - held),
    waiting: Number(row.waiting ?? 0),
    status: row.status,
    ...checkinWindowFields(row),
  };
}

/** The class's check-in window, so a kiosk applies the location's rule rather than its own. */
function checkinWindowFields(row: { start_at: string; location_settings: string }) {
  const window = classCheckinWindow(row, { settings: row.location_settings });
  return { checkin_opens_at: window.opens_at, checkin_closes_at: window.closes_at };
}

/** One class as the timetable shows it, now. */
export async function classSummary(db: Db, sql: Queryable, companyId: string, id: string, now: string): Promise<ClassSummary> {
  const row = await sql.first(classSummaries(db, companyId, now).where('c.id', '=', id));
  return toClassSummary(row!);
}

/** A class of the company the actor may act on: another company's is 404, another location's 403. */
export async function findClass(db: Db, sql: Queryable, actor: Actor, id: string): Promise<ClassRow> {
  const row = await sql.first(db.qb.selectFrom('classes').selectAll().where('id', '=', id).where('company_id', '=', actor.companyId));
  if (!row) throw new ApiError('resource_missing', `No such class: ${id}.`, { param: 'id' });
  assertLocationAllowed(actor, row.location_id, 'id');
  return row;
}

/** Locks the class (server/src/db/row-locks.ts) and answers its row as it is now. */
export async function lockClass(db: Db, sql: Queryable, id: string): Promise<ClassRow> {
  await lockRows(sql, { class: id });
  return (await sql.first(db.qb.selectFrom('classes').selectAll().where('id', '=', id)))!;
}

/** Spots taken now: booked plus offers that still hold a spot. */
export async function spotsTaken(db: Db, sql: Queryable, classId: string, now: string): Promise<number> {
  const booked = await sql.first(
    db.qb
      .selectFrom('class_attendees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('class_id', '=', classId)
      .where('status', 'in', [...spotHolding]),
  );
  const held = await sql.first(
    db.qb
      .selectFrom('class_waitlist')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('class_id', '=', classId)
      .where('status', '=', 'offered')
      .where('offer_expires_at', '>', now),
  );
  return Number(booked!.n) + Number(held!.n);
}

/** The contact's spot holding row in the class, if any. */
export async function liveSpot(db: Db, sql: Queryable, classId: string, contactId: string): Promise<AttendeeRow | undefined> {
  return sql.first(
    db.qb
      .selectFrom('class_attendees')
      .selectAll()
      .where('class_id', '=', classId)
      .where('contact_id', '=', contactId)
      .where('status', 'in', [...spotHolding]),
  );
}

/** The contact of the company, or 404 on `contact_id`. */
export async function requireContact(db: Db, sql: Queryable, companyId: string, contactId: string): Promise<{ id: string; first_name: string }> {
  const contact = await sql.first(db.qb.selectFrom('contacts').select(['id', 'first_name']).where('id', '=', contactId).where('company_id', '=', companyId));
  if (!contact) throw new ApiError('resource_missing', `No such contact: ${contactId}.`, { param: 'contact_id' });
  return contact;
}
