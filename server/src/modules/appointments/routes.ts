import { contracts } from '@studio/shared/contracts';
import { created, implement, ok } from '../../http/route.js';
import { listBookings } from './bookings-list.js';
import { availability, cancelBooking, createBooking, getBooking, rescheduleBooking } from './bookings-service.js';

export const appointmentRoutes = [
  implement(contracts.listAvailability, async ({ db, actor, query }) => ok({ data: await availability(db, actor, query) })),
  implement(contracts.listBookings, async ({ db, actor, query, cursors }) => ok(await listBookings(db, actor, query, cursors))),
  implement(contracts.getBooking, async ({ db, actor, params }) => ok(await getBooking(db, actor, params.id))),
  implement(contracts.createBooking, async ({ db, actor, body }) => created(await createBooking(db, actor, body))),
  implement(contracts.cancelBooking, async ({ db, actor, params, body }) => ok(await cancelBooking(db, actor, params.id, body))),
  implement(contracts.rescheduleBooking, async ({ db, actor, params, body }) => ok(await rescheduleBooking(db, actor, params.id, body.start))),
];
