import { fullName } from '@studio/shared';
import type { CalendarBooking } from '@studio/shared/schemas/appointments-web';
import type { Db, Queryable } from '../../db/types.js';

/** Bookings of a location starting in [from, to), or the one booking asked for, with the names the calendar shows. */
export async function calendarBookings(db: Db, sql: Queryable, companyId: string, filter: { locationId: string; from: string; to: string } | { id: string }): Promise<CalendarBooking[]> {
  let query = db.qb
    .selectFrom('bookings as b')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .innerJoin('contacts as c', 'c.id', 'b.contact_id')
    .innerJoin('services as v', 'v.id', 'b.service_id')
    .leftJoin('rooms as r', 'r.id', 'b.room_id')
    .select([
      'b.id',
      'b.start_at',
      'b.end_at',
      'b.status',
      'b.late_cancel',
      'b.staff_id',
      's.first_name as staff_first',
      's.last_name as staff_last',
      'b.room_id',
      'r.name as room_name',
      'b.contact_id',
      'c.first_name as contact_first',
      'c.last_name as contact_last',
      'b.service_id',
      'v.name as service_name',
    ])
    .where('b.company_id', '=', companyId);
  query = 'id' in filter ? query.where('b.id', '=', filter.id) : query.where('b.location_id', '=', filter.locationId).where('b.start_at', '>=', filter.from).where('b.start_at', '<', filter.to);
  const rows = await sql.all(query.orderBy('b.start_at').orderBy('b.id'));
  return rows.map((row) => ({
    id: row.id,
    start: row.start_at,
    end: row.end_at,
    status: row.status,
    late_cancel: row.late_cancel === 1,
    staff_id: row.staff_id,
    staff_name: fullName({ first_name: row.staff_first, last_name: row.staff_last }),
    room_id: row.room_id,
    room_name: row.room_name ?? null,
    contact_id: row.contact_id,
    contact_name: fullName({ first_name: row.contact_first, last_name: row.contact_last }),
    service_id: row.service_id,
    service_name: row.service_name,
  }));
}
