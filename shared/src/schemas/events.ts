import { z } from 'zod';
import { DateOrDateTime, Id, PageQuery } from './common.js';

/**
 * Every event the API emits. A type is `<resource>.<what happened>`; its `data` is the resource as
 * the API shows it elsewhere (a booking as GET /v1/bookings/:id answers it, and so on): the schema
 * of each is in typed-events.ts, apart, so that what imports only the types (the web app's
 * Developers page) does not load every resource's schema.
 */
export const eventTypes = [
  'booking.created',
  'booking.rescheduled',
  'booking.cancelled',
  'contact.created',
  'contact.updated',
  'membership.sold',
  'membership.status_changed',
  'member.checked_in',
  'member.checkin_denied',
  'class_attendee.booked',
  'class_attendee.cancelled',
  'class_attendee.checked_in',
  'class_attendee.promoted',
  'class.cancelled',
] as const;
export const EventType = z.enum(eventTypes);
export type EventType = z.infer<typeof EventType>;

/**
 * The test event an endpoint's "Send test event" sends (POST /v1/webhook_endpoints/:id/send_test),
 * to that endpoint only. It changes nothing, so no endpoint subscribes to it and GET /v1/events
 * does not list it; its `data` is `{ endpoint_id, message }`.
 */
export const testEventType = 'webhook.test';
/** What a delivered event's `type` may be: every subscribable type and the test event. */
export const SentEventType = z.enum([...eventTypes, testEventType]);
export type SentEventType = z.infer<typeof SentEventType>;

export const Environment = z.enum(['live', 'test']).describe('live, or test for data made with test keys (isolated from live data)');
export type Environment = z.infer<typeof Environment>;

/** GET /events: newest first, as a reconciliation pass reads them. */
export const EventListQuery = z.strictObject({
  type: EventType.optional().describe('Only events of this type'),
  location_id: Id.optional().describe('Only events at this location'),
  from: DateOrDateTime.optional().describe('Events created on or after'),
  to: DateOrDateTime.optional().describe('Events created before'),
  ...PageQuery,
});
export type EventListQuery = z.output<typeof EventListQuery>;
