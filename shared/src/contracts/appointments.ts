import { defineContract } from './contract.js';
import { AvailabilityQuery, Booking, BookingCancel, BookingCreate, BookingListQuery, BookingReschedule, Slot } from '../schemas/bookings.js';
import { IdParams, list, page } from '../schemas/common.js';

const keyed = ['idempotency_key_reused', 'idempotency_key_in_use'] as const;

export const appointmentsContracts = {
  listAvailability: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/availability',
    operationId: 'listAvailability',
    summary: 'Open appointment slots of a service',
    description:
      "One slot per technician per start, sorted by start then technician, on a grid aligned to the location's local clock. Working hours (date overrides and time off replace or remove them), minus active bookings widened by buffers, minus times the service's room is taken, minus the minimum notice and beyond the booking horizon. `from` defaults to now, `to` to `from` + 7 days and may be at most 31 days after it; a bare date is local midnight at the location. Every slot shown passes the same check POST /bookings applies.",
    tag: 'Appointments',
    scopes: ['read:availability'],
    query: AvailabilityQuery,
    responses: { 200: { description: 'The free slots', schema: list(Slot) } },
    errors: ['resource_missing', 'location_not_allowed', 'booking_rule'],
  }),
  listBookings: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/bookings',
    operationId: 'listBookings',
    summary: 'List bookings',
    description:
      "Earliest start first. `from` includes bookings starting on or after it, `to` those starting before it; a bare date is local midnight at `location_id` (or the key's only location, else UTC).",
    tag: 'Appointments',
    scopes: ['read:bookings'],
    query: BookingListQuery,
    responses: { 200: { description: 'A page of bookings', schema: page(Booking) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  getBooking: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/bookings/:id',
    operationId: 'getBooking',
    summary: 'Retrieve a booking',
    tag: 'Appointments',
    scopes: ['read:bookings'],
    params: IdParams,
    responses: { 200: { description: 'The booking', schema: Booking } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  createBooking: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/bookings',
    operationId: 'createBooking',
    summary: 'Book an appointment',
    description:
      'Without `technician_id`, a free qualified technician is chosen. `end` follows from the service\'s duration. A staff or room overlap is 409 `booking_conflict` (`param: "start"`); inside the minimum notice, beyond the horizon, outside working hours, off the slot grid or in the past is 422 `booking_rule`. The database decides under concurrency: of many requests for one slot exactly one succeeds.',
    tag: 'Appointments',
    scopes: ['write:bookings'],
    body: BookingCreate,
    idempotent: true,
    responses: { 201: { description: 'The booking', schema: Booking } },
    errors: ['resource_missing', 'location_not_allowed', 'booking_conflict', 'booking_rule', ...keyed],
  }),
  cancelBooking: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/bookings/:id/cancel',
    operationId: 'cancelBooking',
    summary: 'Cancel a booking',
    description:
      'The API acts for the business, so it may cancel inside the cancellation window: the booking is then flagged `late_cancel`. Cancelling a cancelled booking answers 200 unchanged; a completed or no-show booking is 409 `booking_not_active`.',
    tag: 'Appointments',
    scopes: ['write:bookings'],
    params: IdParams,
    body: BookingCancel,
    idempotent: true,
    responses: { 200: { description: 'The cancelled booking', schema: Booking } },
    errors: ['resource_missing', 'location_not_allowed', 'booking_not_active', ...keyed],
  }),
  rescheduleBooking: defineContract({
    mount: 'api',
    method: 'POST',
    path: '/bookings/:id/reschedule',
    operationId: 'rescheduleBooking',
    summary: 'Move a booking to another start',
    description: 'Same id, same technician, the same rules as a new booking; the booking does not conflict with itself. Only a `booked` booking moves (409 `booking_not_active` otherwise).',
    tag: 'Appointments',
    scopes: ['write:bookings'],
    params: IdParams,
    body: BookingReschedule,
    idempotent: true,
    responses: { 200: { description: 'The booking with its new times', schema: Booking } },
    errors: ['resource_missing', 'location_not_allowed', 'booking_conflict', 'booking_rule', 'booking_not_active', ...keyed],
  }),
};
