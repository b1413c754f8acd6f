import type { MemberAppointment } from '@studio/shared/schemas/member-appointments';
import { fullName } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation } from '../locations/lookup.js';
import { requireContactInReach } from '../locations/reach.js';
import { findBooking } from './bookings-repository.js';

/**
 * What the members' app reads of appointments, for a member acting at their location
 * (`memberAtLocation`): the services to book there, and the member's own bookings with the names
 * the app shows. Booking, moving and cancelling go through bookings-service.ts like any caller's.
 */

/** The appointment services of the actor's location with a qualified technician, by name. */
export async function bookableServices(db: Db, actor: Actor, locationId: string) {
  await requireLocation(db, db, actor, locationId);
  return db.all(
    db.qb
      .selectFrom('services as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .select(['s.id', 's.name', 's.duration_minutes', 'l.timezone'])
      .where('s.company_id', '=', actor.companyId)
      .where('s.location_id', '=', locationId)
      .where('s.kind', '=', 'appointment')
      .where((eb) => eb.exists(eb.selectFrom('service_staff as q').select('q.staff_id').whereRef('q.service_id', '=', 's.id')))
      .orderBy('s.name')
      .orderBy('s.id'),
  );
}

const appointmentQuery = (db: Db, companyId: string) =>
  db.qb
    .selectFrom('bookings as b')
    .innerJoin('services as s', 's.id', 'b.service_id')
    .innerJoin('staff as t', 't.id', 'b.staff_id')
    .innerJoin('locations as l', 'l.id', 'b.location_id')
    .select(['l.timezone', 'b.id', 'b.service_id', 's.name as service_name', 't.first_name', 't.last_name', 'b.start_at', 'b.end_at', 'b.status', 'b.late_cancel'])
    .where('b.company_id', '=', companyId);

type AppointmentRow = Awaited<ReturnType<ReturnType<typeof appointmentQuery>['executeTakeFirstOrThrow']>>;

function toMemberAppointment(row: AppointmentRow): MemberAppointment {
  return {
    id: row.id,
    service_id: row.service_id,
    service_name: row.service_name,
    technician_name: fullName({ first_name: row.first_name, last_name: row.last_name }),
    start: row.start_at,
    end: row.end_at,
    status: row.status,
    late_cancel: row.late_cancel === 1,
    timezone: row.timezone,
  };
}

/** One booking as the member sees it; found as findBooking finds it, so another member's is refused. */
export async function memberAppointment(db: Db, actor: Actor, id: string): Promise<MemberAppointment> {
  await findBooking(db, db, actor, id);
  return toMemberAppointment((await db.first(appointmentQuery(db, actor.companyId).where('b.id', '=', id)))!);
}

/** The contact's booked appointments ending after `nowIso`, earliest first. */
export async function upcomingAppointments(db: Db, actor: Actor, contactId: string, nowIso: string): Promise<MemberAppointment[]> {
  await requireContactInReach(db, db, actor, contactId, 'contact_id');
  const rows = await db.all(
    appointmentQuery(db, actor.companyId).where('b.contact_id', '=', contactId).where('b.status', '=', 'booked').where('b.end_at', '>', nowIso).orderBy('b.start_at').orderBy('b.id').limit(50),
  );
  return rows.map(toMemberAppointment);
}
