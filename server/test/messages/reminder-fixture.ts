import { randomUUID } from 'node:crypto';
import { toIso } from '../../src/clock/time.js';
import type { Db } from '../../src/db/types.js';
import type { HandClock, Place } from './fixture.js';

/** The place's location settings, as setup writes them (JSON text). */
export async function setLocationSettings(db: Db, place: Place, settings: Record<string, unknown>) {
  await db.run(
    db.qb
      .updateTable('locations')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', place.locationId),
  );
}

/** A class of a new class service at the place, starting at `startAt` (an ISO instant), an hour long. */
export async function newClass(db: Db, place: Place, clock: HandClock, startAt: string, status: 'scheduled' | 'cancelled' = 'scheduled') {
  const serviceId = randomUUID();
  const at = toIso(clock.now());
  await db.run(
    db.qb.insertInto('services').values({
      id: serviceId,
      company_id: place.companyId,
      location_id: place.locationId,
      name: 'Vinyasa Flow',
      description: null,
      category: null,
      kind: 'class',
      duration_minutes: 60,
      price_cents: 0,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      room_id: null,
      requires_entitlement: 0,
      free_classes: 0,
      first_timers_only: 0,
      created_at: at,
    }),
  );
  const id = randomUUID();
  const endAt = toIso(Date.parse(startAt) + 3_600_000);
  await db.run(
    db.qb.insertInto('classes').values({
      id,
      company_id: place.companyId,
      location_id: place.locationId,
      service_id: serviceId,
      staff_id: null,
      room_id: null,
      series_id: null,
      start_at: toIso(Date.parse(startAt)),
      end_at: endAt,
      capacity: 20,
      status,
      created_at: at,
    }),
  );
  return id;
}

/** A member's spot in the class, as booking writes it. */
export async function book(db: Db, place: Place, clock: HandClock, classId: string, contactId: string, status: 'reserved' | 'cancelled' = 'reserved') {
  const id = randomUUID();
  const at = toIso(clock.now());
  await db.run(
    db.qb.insertInto('class_attendees').values({
      id,
      company_id: place.companyId,
      class_id: classId,
      contact_id: contactId,
      status,
      paid_by: 'none',
      membership_id: null,
      source: 'staff',
      excused: 0,
      visit_id: null,
      guest_of_contact_id: null,
      booked_at: at,
      checked_in_at: null,
      cancelled_at: status === 'cancelled' ? at : null,
      updated_at: at,
    }),
  );
  return id;
}

/** The reminders queued for the place's members: to whom, when queued, and for which class start. */
export async function remindersAt(db: Db, place: Place) {
  const rows = await db.all(
    db.qb
      .selectFrom('member_messages')
      .select(['id', 'contact_id', 'created_at', 'data', 'language', 'status'])
      .where('company_id', '=', place.companyId)
      .where('template', '=', 'class_reminder')
      .orderBy('created_at')
      .orderBy('id'),
  );
  return rows.map((row) => ({ ...row, start_at: (JSON.parse(row.data) as { start_at: string }).start_at }));
}
