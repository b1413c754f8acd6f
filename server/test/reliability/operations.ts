import type { RouteSpec } from '../../src/http/route.js';
import { defaultLimits } from '../../src/config.js';
import { apiRoutes } from '../../src/modules/routes.js';
import { openApiDocument } from '../../src/openapi/document.js';
import type { ApiRequest, Target } from './world.js';

/**
 * The operations only a device key may call (issue 29), with the target's device whose key does:
 * its turnstile voids the visit it recorded and reports its heartbeat, its desk reader its reads.
 */
export const deviceOperations: Record<string, 'gateKey' | 'deskKey'> = { voidVisit: 'gateKey', recordDeviceHeartbeat: 'gateKey', recordDeskScan: 'deskKey' };

/** A request before it is put on the wire, so a fuzzer can change any part of it. */
export interface RequestParts {
  route: RouteSpec;
  /** Path segments by parameter name, already URL-encoded. */
  params: Record<string, string>;
  /** In order, repeats allowed, already URL-encoded; a null value sends the bare name. */
  query: [string, string | null][];
  /** A JSON value; undefined sends no body. */
  body: unknown;
  /** Sent instead of `body` when set: text that need not be JSON. */
  rawBody?: string;
  headers: Record<string, string>;
}

interface Valid {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A valid request for every operation of the OpenAPI document, aimed at a target: what the fuzzer
 * mutates and the access matrix sends. An operation missing here fails the coverage test.
 */
export const validRequests: Record<string, (t: Target) => Valid> = {
  ping: () => ({}),
  listLocations: () => ({}),
  getLocationBranding: (t) => ({ params: { id: t.location } }),
  listServices: (t) => ({ query: { location_id: t.location, limit: '5' } }),
  getService: (t) => ({ params: { id: t.appointmentService } }),
  listContacts: (t) => ({ query: { location_id: t.location, search: 'a', limit: '5' } }),
  getContact: (t) => ({ params: { id: t.contact } }),
  createContact: (t) => ({
    body: { first_name: 'Fuzz', last_name: 'Tester', phone: '+1 212 555 0199', email: 'fuzz@example.com', notes: 'made by the fuzzer', location_id: t.location },
  }),
  updateContact: (t) => ({ params: { id: t.contact }, body: { last_name: 'Changed', phone: t.contactPhone, notes: 'updated', email: 'changed@example.com' } }),
  listGiftCards: (t) => ({ query: { location_id: t.location, limit: '5' } }),
  listMembershipPlans: (t) => ({ query: { location_id: t.location } }),
  listPackageTemplates: (t) => ({ query: { location_id: t.location } }),
  listContactMemberships: (t) => ({ params: { id: t.contact } }),
  sellMembership: (t) => ({ params: { id: t.contact }, body: { plan_id: t.plan, start_date: dateIn(1), member_code: `FZ-${t.location.slice(0, 6)}` } }),
  resolveMember: (t) => ({ body: { identifier: t.card, location_id: t.location } }),
  // An API key's own check-in: offline, a past time, a source or a device are a device key's only (issue 29).
  checkInMember: (t) => ({ body: { location_id: t.location, identifier: t.memberCode } }),
  memberEligibilityFeed: (t) => ({ query: { location_id: t.location, limit: '5' } }),
  listMembershipVisits: (t) => ({ params: { id: t.membership }, query: { from: '2025-01-01', limit: '5' } }),
  voidVisit: (t) => ({ params: { id: t.visit }, body: { reason: 'door_not_opened' } }),
  listLocationVisits: (t) => ({ query: { location_id: t.location, from: '2025-01-01', limit: '5' } }),
  // A card nobody holds (hex, from the location's id): stored and offered to the desk, 201.
  recordDeskScan: (t) => ({ body: { location_id: t.location, device_id: `desk-${t.location.slice(0, 8)}:reader`, identifier: `DE5C${t.location.slice(0, 8)}` } }),
  // A device of the location's own (its id from the location's), reporting its health: kept as its latest, 200.
  recordDeviceHeartbeat: (t) => ({
    body: {
      location_id: t.location,
      device_id: `gate-${t.location.slice(0, 8)}`,
      agent_version: '0.1.0',
      status: 'ok',
      sent_at: '2026-01-01T09:00:00.000Z',
      devices: [{ id: 'reader-1', kind: 'reader', driver: 'stdin', state: 'ok', since: '2026-01-01T08:00:00.000Z', last_error: null, last_event_at: null, reconnects: 0, hint: null }],
      outbox: { pending: 0, rejected: 0, oldest_pending_at: null },
      cache: { synced_at: null, age_s: null, max_age_s: 86_400, stale: true },
      last_scan_at: null,
      kiosk: null,
    },
  }),
  listCheckinDenials: (t) => ({ query: { location_id: t.location, from: '2025-01-01', limit: '5' } }),
  listAvailability: (t) => ({ query: { service_id: t.appointmentService, location_id: t.location, technician_id: t.technician, from: dateIn(2), to: dateIn(4) } }),
  listBookings: (t) => ({ query: { location_id: t.location, contact_id: t.contact, from: '2025-01-01', limit: '5' } }),
  getBooking: (t) => ({ params: { id: t.booking } }),
  createBooking: (t) => ({
    body: { location_id: t.location, service_id: t.appointmentService, contact_id: t.contact, technician_id: t.technician, start: t.freeStart, notes: 'fuzz', source: 'api' },
  }),
  cancelBooking: (t) => ({ params: { id: t.booking }, body: { reason: 'fuzz', notify: false } }),
  rescheduleBooking: (t) => ({ params: { id: t.movableBooking }, body: { start: t.moveStart } }),
  listClasses: (t) => ({ query: { location_id: t.location, from: dateIn(0), to: dateIn(7), service_id: t.classService, limit: '5' } }),
  getClass: (t) => ({ params: { id: t.classId } }),
  bookClass: (t) => ({ params: { id: t.classId }, body: { contact_id: t.classBooker, allow_without_entitlement: true } }),
  cancelClassSpot: (t) => ({ params: { id: t.classId }, body: { contact_id: t.classCanceller, excuse: true } }),
  checkInToClass: (t) => ({ params: { id: t.classId }, body: { contact_id: t.classAttendee } }),
  restoreClass: (t) => ({ params: { id: t.classId } }),
  listEvents: (t) => ({ query: { type: 'booking.created', location_id: t.location, from: '2025-01-01', limit: '5' } }),
  getEvent: (t) => ({ params: { id: t.event } }),
  listWebhookEndpoints: () => ({}),
  createWebhookEndpoint: () => ({ body: { url: 'https://receiver.example/fuzz', event_types: ['contact.created', 'member.checked_in'], description: 'made by the fuzzer' } }),
  getWebhookEndpoint: (t) => ({ params: { id: t.webhookEndpoint } }),
  updateWebhookEndpoint: (t) => ({ params: { id: t.webhookEndpoint }, body: { description: 'changed', event_types: ['*'], enabled: true } }),
  deleteWebhookEndpoint: (t) => ({ params: { id: t.doomedWebhookEndpoint } }),
  rotateWebhookEndpointSecret: (t) => ({ params: { id: t.webhookEndpoint } }),
  sendWebhookTestEvent: (t) => ({ params: { id: t.webhookEndpoint } }),
  listWebhookDeliveries: (t) => ({ params: { id: t.webhookEndpoint }, query: { limit: '5' } }),
  listWebhookDeliveryAttempts: (t) => ({ params: { id: t.webhookDelivery }, query: { limit: '5' } }),
  resendWebhookDelivery: (t) => ({ params: { id: t.webhookDelivery } }),
};

export type JsonSchema = Record<string, unknown>;

/** One operation of the OpenAPI document with the route that serves it. */
export interface Operation {
  id: string;
  route: RouteSpec;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  /** The request body's properties (resolved), or null when it takes none. */
  body: { properties: Record<string, JsonSchema>; required: string[] } | null;
  idempotent: boolean;
}

/** Every operation of the served OpenAPI document: a route added to the registry appears here by itself. */
export function documentedOperations(): Operation[] {
  const doc = openApiDocument(apiRoutes, defaultLimits) as {
    paths: Record<
      string,
      Record<string, { operationId: string; parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
    >;
    components: { schemas: Record<string, JsonSchema> };
  };
  const resolve = (schema: JsonSchema) => (typeof schema.$ref === 'string' ? doc.components.schemas[schema.$ref.split('/').pop()!]! : schema);
  return Object.values(doc.paths).flatMap((methods) =>
    Object.values(methods).map((op) => {
      const route = apiRoutes.find((candidate) => candidate.operationId === op.operationId)!;
      const parameters = op.parameters ?? [];
      const body = op.requestBody ? resolve(op.requestBody.content['application/json']!.schema) : null;
      return {
        id: op.operationId,
        route,
        pathParams: parameters.filter((p) => p.in === 'path').map(({ name, schema }) => ({ name, schema })),
        queryParams: parameters.filter((p) => p.in === 'query').map(({ name, schema, required }) => ({ name, schema, required })),
        body: body && { properties: (body.properties ?? {}) as Record<string, JsonSchema>, required: (body.required ?? []) as string[] },
        idempotent: parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
      };
    }),
  );
}

/** The valid request of `operation` at `target`, with this Authorization header (null: none). */
export function validParts(operation: Operation, target: Target, authorization: string | null): RequestParts {
  const build = validRequests[operation.id];
  if (!build) throw new Error(`No valid request for operation ${operation.id}: add one to validRequests.`);
  const valid = build(target);
  const headers: Record<string, string> = authorization === null ? {} : { authorization };
  if (valid.body !== undefined) headers['content-type'] = 'application/json';
  return {
    route: operation.route,
    params: valid.params ?? {},
    query: Object.entries(valid.query ?? {}).map(([name, value]) => [name, encodeURIComponent(value)]),
    body: valid.body,
    headers,
  };
}

/** The request on the wire. */
export function serialize(parts: RequestParts): ApiRequest {
  const path = '/v1' + parts.route.path.replace(/:(\w+)/g, (_, name: string) => parts.params[name] ?? '');
  const query = parts.query.map(([name, value]) => (value === null ? name : `${name}=${value}`)).join('&');
  const payload = parts.rawBody ?? (parts.body === undefined ? undefined : JSON.stringify(parts.body));
  return { method: parts.route.method, url: query ? `${path}?${query}` : path, headers: parts.headers, ...(payload !== undefined && { payload }) };
}
