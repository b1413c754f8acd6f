import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/types.js';
import { toIso } from '../../src/clock/time.js';
import type { Target } from './authorization-decisions.js';

/**
 * A staff member working every day around the clock at the place, and a 60-minute service of the
 * place they give: made afresh for each request, so no two cases of the matrix share a slot.
 */
export async function appointmentSetupAt(db: Db, t: Target): Promise<{ staffId: string; serviceId: string }> {
  const at = toIso(t.clock());
  const staffId = randomUUID();
  const serviceId = randomUUID();
  await db.run(db.qb.insertInto('staff').values({ id: staffId, company_id: t.company.companyId, first_name: 'Tess', last_name: 'Therapist', email: null, created_at: at }));
  await db.run(
    db.qb.insertInto('staff_hours').values([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ id: randomUUID(), staff_id: staffId, location_id: t.location, weekday, start_time: '00:00', end_time: '24:00' }))),
  );
  await db.run(
    db.qb.insertInto('services').values({
      id: serviceId,
      company_id: t.company.companyId,
      location_id: t.location,
      name: 'Massage',
      description: null,
      category: null,
      kind: 'appointment',
      duration_minutes: 60,
      price_cents: 5000,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      room_id: null,
      requires_entitlement: 0,
      free_classes: 0,
      first_timers_only: 0,
      created_at: at,
    }),
  );
  await db.run(db.qb.insertInto('service_staff').values({ service_id: serviceId, staff_id: staffId }));
  return { staffId, serviceId };
}

/** A booked appointment of the place's contact, starting `hoursFromNow` after the app's clock (negative: it has started). */
export async function bookingAt(db: Db, t: Target, hoursFromNow: number): Promise<string> {
  const { staffId, serviceId } = await appointmentSetupAt(db, t);
  const start = t.clock() + hoursFromNow * 3600_000;
  const id = randomUUID();
  const at = toIso(t.clock());
  await db.run(
    db.qb.insertInto('bookings').values({
      id,
      company_id: t.company.companyId,
      location_id: t.location,
      contact_id: t.contact,
      service_id: serviceId,
      staff_id: staffId,
      room_id: null,
      start_at: toIso(start),
      end_at: toIso(start + 3600_000),
      block_start_at: toIso(start),
      block_end_at: toIso(start + 3600_000),
      status: 'booked',
      source: 'staff',
      notes: null,
      late_cancel: 0,
      cancelled_at: null,
      cancellation_reason: null,
      created_at: at,
      updated_at: at,
    }),
  );
  return id;
}

/** A time off entry, next month, of a fresh staff member of the place. */
export async function timeOffAt(db: Db, t: Target): Promise<string> {
  const { staffId } = await appointmentSetupAt(db, t);
  const id = randomUUID();
  await db.run(db.qb.insertInto('staff_time_off').values({ id, staff_id: staffId, start_at: '2026-07-01T00:00:00.000Z', end_at: '2026-07-02T00:00:00.000Z', reason: null }));
  return id;
}
