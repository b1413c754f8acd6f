import { ApiError, type ClassSummary } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import { systemActor, type Actor } from '../../domain/actor.js';
import { recordEvent } from '../events/record.js';
import { assertLocationAllowed, type LocationRow } from '../locations/lookup.js';
import { assertInReach } from '../locations/reach.js';
import { toIso } from '../../clock/time.js';
import { classSummary, lockClass, queued, spotHolding, spotResult, type ClassRow } from './class-repository.js';
import { fillFreedSpots, joinWaitlist } from './waitlist.js';
import { requireTimetableRole } from './timetable-roles.js';
import { tellMemberOfClass } from './class-messages.js';

/**
 * The setup side of classes (the API cannot create or change class times, nor join a waitlist):
 * cancel a class, change its capacity or instructor, add a contact to its waitlist. The actor
 * must act on the class's location.
 */

async function classOfCompany(db: Db, sql: Queryable, actor: Actor, classId: string): Promise<{ cls: ClassRow; location: LocationRow }> {
  const found = await sql.first(db.qb.selectFrom('classes').select(['id', 'location_id']).where('id', '=', classId).where('company_id', '=', actor.companyId));
  if (!found) throw new ApiError('resource_missing', `No class ${classId} in this company.`, { param: 'class' });
  assertLocationAllowed(actor, found.location_id, 'class');
  const cls = await lockClass(db, sql, classId);
  const location = await sql.first(db.qb.selectFrom('locations').select(['id', 'company_id', 'name', 'slug', 'timezone', 'country', 'address', 'settings']).where('id', '=', cls.location_id));
  return { cls, location: location! };
}

/**
 * Cancels a class: reserved spots are released excused (no credit is used), queued waitlist entries
 * end; both are marked as ended by the cancellation, so restoring the class (restore.ts) gives them back.
 */
export async function cancelClass(db: Db, actor: Actor, classId: string, now = Date.now()): Promise<ClassSummary & { released: number }> {
  requireTimetableRole(actor);
  const { companyId } = actor;
  return db.transaction(async (sql) => {
    const { cls } = await classOfCompany(db, sql, actor, classId);
    if (cls.status === 'cancelled') return { ...(await classSummary(db, sql, companyId, classId, toIso(now))), released: 0 };
    const released = await cancelLockedClass(db, sql, cls, now);
    return { ...(await classSummary(db, sql, companyId, classId, toIso(now))), released };
  });
}

/**
 * The cancellation itself, on a class the caller has locked: answers how many reserved spots it
 * released. Each released spot is a `class_attendee.cancelled` event besides the `class.cancelled`
 * one, so a receiver tracking attendees needs no knowledge of what a class's cancellation implies.
 */
export async function cancelLockedClass(db: Db, sql: Queryable, cls: Pick<ClassRow, 'id' | 'company_id' | 'location_id' | 'service_id' | 'start_at'>, now: number): Promise<number> {
  const classId = cls.id;
  const at = toIso(now);
  const reserved = await sql.all(db.qb.selectFrom('class_attendees').selectAll().where('class_id', '=', classId).where('status', '=', 'reserved'));
  await sql.run(db.qb.updateTable('classes').set({ status: 'cancelled' }).where('id', '=', classId));
  const released = await sql.run(
    db.qb
      .updateTable('class_attendees')
      .set({ status: 'cancelled', excused: 1, cancelled_at: at, cancelled_with_class: 1, updated_at: at })
      .where('class_id', '=', classId)
      .where('status', '=', 'reserved'),
  );
  await sql.run(
    db.qb
      .updateTable('class_waitlist')
      .set({ status: 'cancelled', cancelled_with_class: 1, updated_at: at })
      .where('class_id', '=', classId)
      .where('status', 'in', [...queued]),
  );
  const clock = () => now;
  const event = { companyId: cls.company_id, locationId: cls.location_id };
  await recordEvent(db, sql, { ...event, type: 'class.cancelled', data: await classSummary(db, sql, cls.company_id, classId, at) }, clock);
  for (const spot of reserved) {
    await recordEvent(db, sql, { ...event, type: 'class_attendee.cancelled', data: spotResult({ ...spot, status: 'cancelled', excused: 1, cancelled_at: at, updated_at: at }) }, clock);
    await tellMemberOfClass(db, sql, { cls, contactId: spot.contact_id, template: 'class_cancelled' }, clock);
  }
  return released;
}

/** Changes capacity (never below the spots booked; a rise goes to the waitlist at once) and the instructor (null: none). */
export async function updateClass(db: Db, actor: Actor, classId: string, change: { capacity?: number; staffId?: string | null }, now = Date.now()): Promise<ClassSummary> {
  requireTimetableRole(actor);
  const { companyId } = actor;
  return db.transaction(async (sql) => {
    const { cls, location } = await classOfCompany(db, sql, actor, classId);
    if (change.staffId) {
      const staff = await sql.first(db.qb.selectFrom('staff').select('id').where('id', '=', change.staffId).where('company_id', '=', companyId));
      if (!staff) throw new ApiError('resource_missing', `No staff member ${change.staffId} in this company.`, { param: 'instructor' });
    }
    if (change.capacity !== undefined) {
      if (!Number.isInteger(change.capacity) || change.capacity < 1) throw new ApiError('invalid_param', 'Capacity must be a whole number of at least 1.', { param: 'capacity' });
      const booked = await sql.first(
        db.qb
          .selectFrom('class_attendees')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('class_id', '=', classId)
          .where('status', 'in', [...spotHolding]),
      );
      if (change.capacity < Number(booked!.n)) {
        throw new ApiError('booking_rule', `${booked!.n} spots are booked; cancel spots before lowering the capacity to ${change.capacity}.`, { param: 'capacity' });
      }
    }
    const updated: ClassRow = { ...cls, capacity: change.capacity ?? cls.capacity, staff_id: change.staffId === undefined ? cls.staff_id : change.staffId };
    await sql.run(db.qb.updateTable('classes').set({ capacity: updated.capacity, staff_id: updated.staff_id }).where('id', '=', classId));
    await fillFreedSpots(db, sql, updated, location, now);
    return classSummary(db, sql, companyId, classId, toIso(now));
  });
}

/** Puts a contact at the end of the class's waitlist; a free spot is then given out at once. */
export async function addToWaitlist(db: Db, actor: Actor, classId: string, contactId: string, now = Date.now()) {
  const { companyId } = actor;
  return db.transaction(async (sql) => {
    const { cls, location } = await classOfCompany(db, sql, actor, classId);
    if (cls.status === 'cancelled') throw new ApiError('class_cancelled', `Class ${classId} is cancelled.`);
    if (Date.parse(cls.start_at) <= now) throw new ApiError('booking_rule', `Class ${classId} has started; its waitlist is closed.`);
    const contact = await sql.first(db.qb.selectFrom('contacts').select('id').where('id', '=', contactId).where('company_id', '=', companyId));
    if (!contact) throw new ApiError('resource_missing', `No contact ${contactId} in this company.`, { param: 'contact' });
    await assertInReach(db, sql, actor, contactId, 'contact', 'contact');
    const holding = await sql.first(
      db.qb
        .selectFrom('class_attendees')
        .select('id')
        .where('class_id', '=', classId)
        .where('contact_id', '=', contactId)
        .where('status', 'in', [...spotHolding]),
    );
    if (holding) throw new ApiError('booking_rule', 'This contact already holds a spot in the class.', { param: 'contact' });
    const queuedEntry = await sql.first(
      db.qb
        .selectFrom('class_waitlist')
        .select(['id', 'position'])
        .where('class_id', '=', classId)
        .where('contact_id', '=', contactId)
        .where('status', 'in', [...queued]),
    );
    if (queuedEntry) return { waitlist_id: queuedEntry.id, position: queuedEntry.position, promoted: false };
    const entry = await joinWaitlist(db, sql, cls, contactId, now);
    const promoted = await fillFreedSpots(db, sql, cls, location, now);
    return { ...entry, promoted: promoted.includes(contactId) };
  });
}

/** Lapsed offers pass their spots on; run periodically so a spot is never held by an offer nobody took. */
export async function sweepLapsedOffers(db: Db, now = Date.now()): Promise<number> {
  const lapsed = await db.all(db.qb.selectFrom('class_waitlist').select(['class_id', 'company_id']).distinct().where('status', '=', 'offered').where('offer_expires_at', '<=', toIso(now)));
  for (const { class_id, company_id } of lapsed) {
    await db.transaction(async (sql) => {
      const { cls, location } = await classOfCompany(db, sql, systemActor(company_id, 'waitlist offer sweep'), class_id);
      await fillFreedSpots(db, sql, cls, location, now);
    });
  }
  return lapsed.length;
}
