import { contracts } from '@studio/shared/contracts';
import { ApiError } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { created, implement, ok } from '../../http/route.js';
import { setBookingOutcome } from '../../modules/appointments/booking-outcome.js';
import { findBooking } from '../../modules/appointments/bookings-repository.js';
import { availability, cancelBooking, createBooking, rescheduleBooking } from '../../modules/appointments/bookings-service.js';
import { requireLocation } from '../../modules/locations/lookup.js';
import { TimeOffInput, WeeklyHours } from '../../modules/staff/schedule-input.js';
import { addTimeOff, clearOverride, removeTimeOff, replaceOverride, replaceWeeklyHours } from '../../modules/staff/schedule.js';
import { addDays } from '../../modules/appointments/engine/local-time.js';
import { calendarBookings } from '../../modules/appointments/booking-views.js';
import { appointmentCalendar } from '../../modules/appointments/calendar.js';
import { namingTheClash } from '../../modules/appointments/clash.js';
import { requireStaffAt } from '../../modules/staff/location-staff.js';
import { requireScheduleEditor, staffSchedule } from '../../modules/staff/staff-schedule.js';

async function bookingView(db: Db, actor: Actor, id: string) {
  const [view] = await calendarBookings(db, db, actor.companyId, { id });
  return view!;
}

/** A schema's refusal as the API words one: the first issue, its field as `param`. */
function checked<T>(result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }, param: string): T {
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = [param, ...issue.path.map(String)].join('.');
  throw new ApiError('invalid_param', `${field}: ${issue.message}`, { param: field });
}

/**
 * The appointments calendar of the staff web app, below `/app/api`: one location's day or week by
 * staff or room, open slots from the same service as GET /v1/availability, bookings made, moved,
 * cancelled and marked through the API's own services, and staff schedules edited through
 * modules/staff (owners and managers only).
 */
export function appointmentRoutes(clock: Clock = systemClock) {
  return [
    implement(contracts.webAppointmentCalendar, async ({ db, actor, query }) => ok(await appointmentCalendar(db, actor, query))),
    implement(contracts.webOpenSlots, async ({ db, actor, query }) => {
      const slots = await availability(db, actor, { service_id: query.service_id, location_id: query.location_id, technician_id: query.staff_id, from: query.date, to: addDays(query.date, 1) }, clock);
      return ok({ data: slots.map((slot) => ({ start: slot.start, end: slot.end, staff_id: slot.technician_id, staff_name: slot.technician_name })) });
    }),
    implement(contracts.webBookAppointment, async ({ db, actor, body }) => {
      const location = await requireLocation(db, db, actor, body.location_id);
      const attempt = { companyId: actor.companyId, locationZone: location.timezone, serviceId: body.service_id, staffId: body.staff_id, start: body.start };
      const booking = await namingTheClash(db, attempt, () =>
        createBooking(
          db,
          actor,
          {
            location_id: body.location_id,
            service_id: body.service_id,
            contact_id: body.contact_id,
            start: body.start,
            technician_id: body.staff_id,
            source: 'staff',
            ...(body.notes !== undefined && { notes: body.notes }),
          },
          clock,
        ),
      );
      return created(await bookingView(db, actor, booking.id));
    }),
    implement(contracts.webRescheduleAppointment, async ({ db, actor, params, body }) => {
      const booking = await findBooking(db, db, actor, params.id);
      const location = await requireLocation(db, db, actor, booking.location_id, 'id');
      const attempt = { companyId: actor.companyId, locationZone: location.timezone, serviceId: booking.service_id, staffId: booking.staff_id, start: body.start, excludeBookingId: booking.id };
      await namingTheClash(db, attempt, () => rescheduleBooking(db, actor, params.id, body.start, clock));
      return ok(await bookingView(db, actor, params.id));
    }),
    implement(contracts.webCancelAppointment, async ({ db, actor, params, body }) => {
      await cancelBooking(db, actor, params.id, body.reason ? { reason: body.reason } : {}, clock);
      return ok(await bookingView(db, actor, params.id));
    }),
    implement(contracts.webSetAppointmentOutcome, async ({ db, actor, params, body }) => {
      await setBookingOutcome(db, actor, params.id, body.status, toIso(clock()));
      return ok(await bookingView(db, actor, params.id));
    }),
    implement(contracts.webStaffSchedule, async ({ db, actor, params, query }) => ok(await staffSchedule(db, actor, params.id, query.location_id, clock))),
    implement(contracts.webSetStaffHours, async ({ db, actor, params, body }) => {
      requireScheduleEditor(actor);
      const hours = checked(WeeklyHours.safeParse(body.hours), 'hours');
      await requireLocation(db, db, actor, body.location_id);
      await replaceWeeklyHours(db, actor, params.id, body.location_id, hours);
      return ok(await staffSchedule(db, actor, params.id, body.location_id, clock));
    }),
    implement(contracts.webSetStaffOverride, async ({ db, actor, params, body }) => {
      requireScheduleEditor(actor);
      const hours = checked(WeeklyHours.safeParse({ monday: body.spans }), 'spans');
      await requireLocation(db, db, actor, body.location_id);
      await requireStaffAt(db, db, actor.companyId, body.location_id, params.id);
      await replaceOverride(db, actor, params.id, body.location_id, body.date, hours.monday ?? []);
      return ok(await staffSchedule(db, actor, params.id, body.location_id, clock));
    }),
    implement(contracts.webClearStaffOverride, async ({ db, actor, params, body }) => {
      requireScheduleEditor(actor);
      await requireLocation(db, db, actor, body.location_id);
      await requireStaffAt(db, db, actor.companyId, body.location_id, params.id);
      await clearOverride(db, actor, params.id, body.location_id, body.date);
      return ok(await staffSchedule(db, actor, params.id, body.location_id, clock));
    }),
    implement(contracts.webAddStaffTimeOff, async ({ db, actor, params, body }) => {
      requireScheduleEditor(actor);
      const input = checked(TimeOffInput.safeParse({ start: body.start, end: body.end, ...(body.reason !== undefined && { reason: body.reason }) }), 'time_off');
      await requireLocation(db, db, actor, body.location_id);
      await requireStaffAt(db, db, actor.companyId, body.location_id, params.id);
      await addTimeOff(db, actor, params.id, input);
      return created(await staffSchedule(db, actor, params.id, body.location_id, clock));
    }),
    implement(contracts.webRemoveStaffTimeOff, async ({ db, actor, params, body }) => {
      requireScheduleEditor(actor);
      await requireLocation(db, db, actor, body.location_id);
      const entry = await db.first(
        db.qb.selectFrom('staff_time_off as t').innerJoin('staff as s', 's.id', 't.staff_id').select('t.staff_id').where('t.id', '=', params.id).where('s.company_id', '=', actor.companyId),
      );
      if (!entry) throw new ApiError('resource_missing', `No time off ${params.id} in this company.`, { param: 'id' });
      await requireStaffAt(db, db, actor.companyId, body.location_id, entry.staff_id);
      await removeTimeOff(db, actor, params.id);
      return ok(await staffSchedule(db, actor, entry.staff_id, body.location_id, clock));
    }),
  ];
}

export const appointmentWebRoutes = appointmentRoutes();
