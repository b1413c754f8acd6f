import { memberAppointmentsContracts as contracts } from '@studio/shared/contracts/member-appointments';
import { toIso } from '../../clock/time.js';
import { created, implement, ok, type RouteSpec } from '../../http/route.js';
import { availability, cancelBooking, createBooking, rescheduleBooking } from '../../modules/appointments/bookings-service.js';
import { bookableServices, memberAppointment, upcomingAppointments } from '../../modules/appointments/member-appointments.js';
import { signedInMember } from './signed-in.js';

/**
 * The member's appointments: the API's own appointment services (bookings-service.ts) acting for
 * the member at their location, so slots, rules, refusals and emails are the desk's and the API's.
 * The contact booked is the session's, never one the body names.
 */
export const memberAppointmentRoutes: RouteSpec[] = [
  implement(contracts.memberListServices, async (ctx) => {
    const { session, actor } = signedInMember(ctx);
    return ok({ data: await bookableServices(ctx.db, actor, session.locationId) });
  }),
  implement(contracts.memberListSlots, async (ctx) => {
    const { session, actor, clock } = signedInMember(ctx);
    const slots = await availability(ctx.db, actor, { service_id: ctx.params.id, location_id: session.locationId, from: ctx.query.from, to: ctx.query.to }, clock);
    return ok({ data: slots });
  }),
  implement(contracts.memberListAppointments, async (ctx) => {
    const { session, actor, clock } = signedInMember(ctx);
    return ok({ data: await upcomingAppointments(ctx.db, actor, session.contactId, toIso(clock())) });
  }),
  implement(contracts.memberBookAppointment, async (ctx) => {
    const { session, actor, clock } = signedInMember(ctx);
    const { service_id, start, technician_id } = ctx.body;
    const booking = await createBooking(
      ctx.db,
      actor,
      { location_id: session.locationId, contact_id: session.contactId, service_id, start, source: 'online', ...(technician_id !== undefined && { technician_id }) },
      clock,
    );
    return created(await memberAppointment(ctx.db, actor, booking.id));
  }),
  implement(contracts.memberRescheduleAppointment, async (ctx) => {
    const { actor, clock } = signedInMember(ctx);
    await rescheduleBooking(ctx.db, actor, ctx.params.id, ctx.body.start, clock);
    return ok(await memberAppointment(ctx.db, actor, ctx.params.id));
  }),
  implement(contracts.memberCancelAppointment, async (ctx) => {
    const { actor, clock } = signedInMember(ctx);
    await cancelBooking(ctx.db, actor, ctx.params.id, { reason: ctx.body.reason }, clock);
    return ok(await memberAppointment(ctx.db, actor, ctx.params.id));
  }),
];
