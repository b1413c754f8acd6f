import { randomUUID } from 'node:crypto';
import { openDatabase } from '@studio/server/src/db/dialects/open.js';
import { systemActor } from '@studio/server/src/domain/actor.js';
import { createRoom } from '@studio/server/src/modules/rooms/repository.js';
import { replaceWeeklyHours } from '@studio/server/src/modules/staff/schedule.js';
import { weekdayNames } from '@studio/shared';
import { DateTime } from 'luxon';

/**
 * Two therapists at North (Ana 09:00-17:00, Ben 10:00-18:00, every day), its one treatment room,
 * and a massage they both give there; and a massage of Paula's with Ana that began an hour ago.
 * The seeded business has no staff, and no route books in the past, so they are written to the
 * database with the server's own modules (hours, rooms) and rows as the importer writes them.
 * Answers tomorrow's date at North, for the steps that book ahead.
 */
export async function addTherapistsAndAStartedBooking(databaseUrl: string, companyId: string, north: string, paula: string): Promise<string> {
  const db = await openDatabase(databaseUrl);
  try {
    const business = systemActor(companyId, 'appointments e2e');
    const created_at = new Date().toISOString();
    const staff = { ana: randomUUID(), ben: randomUUID() };
    await db.run(
      db.qb.insertInto('staff').values([
        { id: staff.ana, company_id: companyId, first_name: 'Ana', last_name: 'Ruiz', email: null, created_at },
        { id: staff.ben, company_id: companyId, first_name: 'Ben', last_name: 'Cole', email: null, created_at },
      ]),
    );
    const every = (start: string, end: string) => Object.fromEntries(weekdayNames.map((day) => [day, [{ start, end }]]));
    await replaceWeeklyHours(db, business, staff.ana, north, every('09:00', '17:00'));
    await replaceWeeklyHours(db, business, staff.ben, north, every('10:00', '18:00'));
    const room = await createRoom(db, business, north, 'Treatment Room 1');
    const serviceId = randomUUID();
    await db.run(
      db.qb.insertInto('services').values({
        id: serviceId,
        company_id: companyId,
        location_id: north,
        name: 'Massage',
        description: null,
        category: null,
        kind: 'appointment',
        duration_minutes: 60,
        price_cents: 6000,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        room_id: room.id,
        requires_entitlement: 0,
        free_classes: 0,
        first_timers_only: 0,
        created_at,
      }),
    );
    await db.run(
      db.qb.insertInto('service_staff').values([
        { service_id: serviceId, staff_id: staff.ana },
        { service_id: serviceId, staff_id: staff.ben },
      ]),
    );

    const start = DateTime.now().minus({ hours: 1 }).startOf('minute');
    const at = (time: DateTime) => time.toUTC().toISO()!;
    await db.run(
      db.qb.insertInto('bookings').values({
        id: randomUUID(),
        company_id: companyId,
        location_id: north,
        contact_id: paula,
        service_id: serviceId,
        staff_id: staff.ana,
        room_id: room.id,
        start_at: at(start),
        end_at: at(start.plus({ hours: 1 })),
        block_start_at: at(start),
        block_end_at: at(start.plus({ hours: 1 })),
        status: 'booked',
        source: 'staff',
        notes: null,
        late_cancel: 0,
        cancelled_at: null,
        cancellation_reason: null,
        created_at,
        updated_at: created_at,
      }),
    );
    const location = await db.first(db.qb.selectFrom('locations').select('timezone').where('id', '=', north));
    return DateTime.now().setZone(location!.timezone).plus({ days: 1 }).toISODate()!;
  } finally {
    await db.close();
  }
}
