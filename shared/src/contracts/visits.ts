import { defineContract } from './contract.js';
import { page } from '../schemas/common.js';
import { CheckinDenial, LocationActivityQuery, LocationVisit } from '../schemas/location-activity.js';

const window =
  '`location_id` is required unless the key acts on exactly one location. `from` is included and `to` excluded; `to` defaults to now and `from` to `to` minus 24 hours; a bare date is local midnight at the location. Newest first; the window the first page resolved holds for every page of its cursor.';

export const visitsContracts = {
  listLocationVisits: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/visits',
    operationId: 'listLocationVisits',
    summary: "List a location's check-ins over a time range (extension)",
    description: `An extension to the specification. Every visit recorded at the location, whichever way in: a turnstile or door, a kiosk, a class check-in (\`kind: "class"\`), the desk or the API, including visits a device let in while offline (\`offline: true\`, with their \`flags\`). A voided visit (its door never opened) is listed with its \`voided_at\` and \`void_reason\`, and \`counted: false\`. ${window}`,
    tag: 'Members',
    scopes: ['checkin:members', 'read:memberships'],
    query: LocationActivityQuery,
    responses: { 200: { description: 'A page of visits', schema: page(LocationVisit) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
  listCheckinDenials: defineContract({
    mount: 'api',
    method: 'GET',
    path: '/checkin-denials',
    operationId: 'listCheckinDenials',
    summary: "List a location's refused check-ins over a time range (extension)",
    description: `An extension to the specification. Every check-in the location refused (at the door, the kiosk, the desk, the API or a class check-in), with every cause in \`reasons\`, the first in words, and the membership and contact when one matched. The identifier presented is never shown, only whether there was one. ${window}`,
    tag: 'Members',
    scopes: ['checkin:members', 'read:memberships'],
    query: LocationActivityQuery,
    responses: { 200: { description: 'A page of refused check-ins', schema: page(CheckinDenial) } },
    errors: ['resource_missing', 'location_not_allowed'],
  }),
};
