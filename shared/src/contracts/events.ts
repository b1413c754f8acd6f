import { defineContract } from './contract.js';
import { IdParams, page } from '../schemas/common.js';
import { EventListQuery } from '../schemas/events.js';
import { Event } from '../schemas/typed-events.js';

const dataByType =
  '`data` per type: `booking.*`, a Booking as `getBooking` answers it; `contact.*`, a Contact as `getContact`; `membership.sold` and `membership.status_changed`, a HeldMembership as `listContactMemberships` lists it (the new `status` in it); `member.checked_in`, the Visit as `checkInMember` answers it, with `offline` and `flags` (a door entry into a class is this visit, of kind `class`, and a `class_attendee.checked_in` too); `member.checkin_denied`, a CheckinDenial as `listCheckinDenials` lists it, with every cause in `reasons`; `class_attendee.*`, a ClassSpotResult (`attendee_id`, `class_id`, `contact_id`, `status`, `paid_by`) as `bookClass` answers it; `class.cancelled`, the Class as `listClasses` lists it (its reserved spots, released by the cancellation, are each a `class_attendee.cancelled`).';

export const eventsContracts = {
  listEvents: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/events',
    operationId: 'listEvents',
    summary: 'List events (extension)',
    description: `An extension to the specification. Every change an integration may want to hear of, written in the same database transaction as the change (a change that failed or was refused wrote none; an idempotent replay writes no second one). Newest first by \`created_at\`, then id. \`from\` is included and \`to\` excluded; a bare date is local midnight at \`location_id\` (or the key's only location, else UTC). A key limited to some locations sees the events of those locations and the events of none. A bulk import writes no events. ${dataByType}`,
    tag: 'Events',
    scopes: ['read:events'],
    query: EventListQuery,
    responses: { 200: { description: 'A page of events', schema: page(Event) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  getEvent: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/events/:id',
    operationId: 'getEvent',
    summary: 'Retrieve an event (extension)',
    description: `An extension to the specification. The event as its webhook delivers it; its \`id\` is the delivery's \`webhook-id\`. ${dataByType}`,
    tag: 'Events',
    scopes: ['read:events'],
    params: IdParams,
    responses: { 200: { description: 'The event', schema: Event } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
};
