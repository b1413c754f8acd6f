import { z } from 'zod';
import { Booking } from './bookings.js';
import { ClassSpotResult, ClassSummary } from './classes.js';
import { Id, Timestamp } from './common.js';
import { Contact } from './contacts.js';
import { Environment, eventTypes, testEventType, type EventType, type SentEventType } from './events.js';
import { CheckinDenial } from './location-activity.js';
import { Visit } from './members.js';
import { HeldMembership } from './memberships.js';

/**
 * What each type's `data` is: the resource as the API answers it elsewhere, by the same schema, so
 * the OpenAPI document (its `webhooks` and the Event union) and `recordEvent` cannot drift from it.
 */
export const eventData = {
  'booking.created': Booking,
  'booking.rescheduled': Booking,
  'booking.cancelled': Booking,
  'contact.created': Contact,
  'contact.updated': Contact,
  'membership.sold': HeldMembership,
  'membership.status_changed': HeldMembership,
  'member.checked_in': Visit,
  'member.checkin_denied': CheckinDenial,
  'class_attendee.booked': ClassSpotResult,
  'class_attendee.cancelled': ClassSpotResult,
  'class_attendee.checked_in': ClassSpotResult,
  'class_attendee.promoted': ClassSpotResult,
  'class.cancelled': ClassSummary,
} as const satisfies Record<EventType, z.ZodType>;
/** The `data` of an event of `type`, as `recordEvent` is given it. */
export type EventData<T extends EventType> = z.output<(typeof eventData)[T]>;

export const WebhookTestData = z
  .object({
    endpoint_id: Id.describe('The endpoint the test event was sent to'),
    message: z.string().describe('Says that nothing changed: the event only tests the receiver'),
  })
  .meta({ id: 'WebhookTestData' });
export type WebhookTestData = z.infer<typeof WebhookTestData>;

/** `booking.created` -> `BookingCreatedEvent`: each envelope's component name. */
const envelopeName = (type: string) => `${type.replace(/(^|[._])(\w)/g, (_m, _sep: string, letter: string) => letter.toUpperCase())}Event`;

/**
 * One event of `type`: what a webhook delivers as its body and GET /v1/events lists. Its `id` is
 * the Standard Webhooks `webhook-id`, the same on every retry, so a receiver can drop a repeat.
 */
function envelope<T extends SentEventType, D extends z.ZodType>(type: T, data: D) {
  return z
    .object({
      id: Id,
      type: z.literal(type),
      created_at: Timestamp,
      environment: Environment,
      location_id: Id.nullable().describe("The location the change happened at (a contact's: its home location); null for a change of no one location"),
      data,
    })
    .meta({ id: envelopeName(type) });
}

const envelopeOf = <T extends EventType>(type: T) => envelope(type, eventData[type]);

/** Every envelope by type, `webhook.test` included: the OpenAPI document's `webhooks`, one entry each. */
export const eventEnvelopes = {
  'booking.created': envelopeOf('booking.created'),
  'booking.rescheduled': envelopeOf('booking.rescheduled'),
  'booking.cancelled': envelopeOf('booking.cancelled'),
  'contact.created': envelopeOf('contact.created'),
  'contact.updated': envelopeOf('contact.updated'),
  'membership.sold': envelopeOf('membership.sold'),
  'membership.status_changed': envelopeOf('membership.status_changed'),
  'member.checked_in': envelopeOf('member.checked_in'),
  'member.checkin_denied': envelopeOf('member.checkin_denied'),
  'class_attendee.booked': envelopeOf('class_attendee.booked'),
  'class_attendee.cancelled': envelopeOf('class_attendee.cancelled'),
  'class_attendee.checked_in': envelopeOf('class_attendee.checked_in'),
  'class_attendee.promoted': envelopeOf('class_attendee.promoted'),
  'class.cancelled': envelopeOf('class.cancelled'),
  [testEventType]: envelope(testEventType, WebhookTestData),
} as const satisfies Record<SentEventType, z.ZodType>;

const changeEnvelopes = eventTypes.map((type) => eventEnvelopes[type]);

/**
 * An event of a change, one shape per `type` (a union on it, so a generated client narrows `data`
 * by `type`): GET /v1/events lists these, and webhooks deliver them. A `webhook.test` event, sent
 * only to one endpoint and never listed, is WebhookTestEvent, beside it.
 */
export const Event = z.discriminatedUnion('type', changeEnvelopes as unknown as [(typeof changeEnvelopes)[number], ...(typeof changeEnvelopes)[number][]]).meta({ id: 'Event' });
export type Event = z.infer<typeof Event>;
