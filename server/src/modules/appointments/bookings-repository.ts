import { ApiError, type Booking } from '@studio/shared';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { assertLocationAllowed } from '../locations/lookup.js';
import { assertInReach } from '../locations/reach.js';
import type { ServiceRow } from './schedule.js';

export type BookingRow = Tables['bookings'];

export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    location_id: row.location_id,
    contact_id: row.contact_id,
    service_id: row.service_id,
    technician_id: row.staff_id,
    start: row.start_at,
    end: row.end_at,
    status: row.status,
    source: row.source,
    notes: row.notes,
    late_cancel: row.late_cancel === 1,
    cancelled_at: row.cancelled_at,
    cancellation_reason: row.cancellation_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A booking of the company the actor may act on: another company's is 404, another location's 403.
 * A member reaches their own contact alone (locations/reach.ts), so another member's booking at
 * their location is refused as outside their reach.
 */
export async function findBooking(db: Db, sql: Queryable, actor: Actor, id: string, param = 'id'): Promise<BookingRow> {
  const row = await sql.first(db.qb.selectFrom('bookings').selectAll().where('id', '=', id).where('company_id', '=', actor.companyId));
  if (!row) throw new ApiError('resource_missing', `No such booking: ${id}.`, { param });
  assertLocationAllowed(actor, row.location_id, param);
  if (actor.identity.kind === 'member') await assertInReach(db, sql, actor, row.contact_id, 'contact', param);
  return row;
}

export async function findAppointmentService(db: Db, sql: Queryable, companyId: string, id: string): Promise<ServiceRow & { kind: string }> {
  const service = await sql.first(
    db.qb
      .selectFrom('services')
      .select(['id', 'location_id', 'kind', 'duration_minutes', 'buffer_before_minutes', 'buffer_after_minutes', 'room_id'])
      .where('id', '=', id)
      .where('company_id', '=', companyId),
  );
  if (!service) throw new ApiError('resource_missing', `No such service: ${id}.`, { param: 'service_id' });
  if (service.kind !== 'appointment') throw new ApiError('booking_rule', 'This service is a class: book it through /classes.', { param: 'service_id' });
  return service;
}
