/**
 * An integrator's whole flow, written against a client generated from docs/openapi.json by
 * openapi-typescript with its default options, and openapi-fetch. openapi-client.test.ts generates
 * `./schema.js` beside a copy of this file, typechecks it with zero errors allowed, checks that it
 * calls every operation of the document, and runs it against a real server (openapi-prism.test.ts
 * runs it again through Prism). It is a `.mts` file so the repository's typecheck, which has no
 * generated schema, leaves it out.
 *
 * A new operation in the document: call it here, in `runFlow`, as `client.METHOD('/path', ...)`.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

type Schemas = components['schemas'];

export interface FlowInput {
  baseUrl: string;
  apiKey: string;
  /** Device keys at the location (issue 29): a turnstile's (`flow-gate`) and a desk reader's (`flow-desk`). */
  gateKey: string;
  deskKey: string;
  /** A location of the key with an appointment service a technician can do in the next week, and a class. */
  locationId: string;
  appointmentServiceId: string;
  classId: string;
  /** Seen for every answer, e.g. to look for a validating proxy's violation header. */
  onResponse?: (response: Response) => void;
}

/** The data of a successful answer, or an Error naming the operation and the envelope. */
function must<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

export async function runFlow(input: FlowInput): Promise<string[]> {
  const watch: Middleware = { onResponse: ({ response }) => void input.onResponse?.(response.clone()) };
  const clientOf = (key: string) => {
    const made = createClient<paths>({ baseUrl: input.baseUrl, headers: { Authorization: `Bearer ${key}` } });
    made.use(watch);
    return made;
  };
  const client = clientOf(input.apiKey);
  // A device's facts (offline, its void, desk scans, heartbeats) go with its own device key (issue 29).
  const gateClient = clientOf(input.gateKey);
  const deskClient = clientOf(input.deskKey);
  const done: string[] = [];
  const step = (name: string) => done.push(name);
  const location_id = input.locationId;

  const identity = must('ping', await client.GET('/ping'));
  step(`ping ${identity.company_id.length}`);
  must('listLocations', await client.GET('/locations'));
  // The kiosk's look at the location: logo, accent colour and language (an extension).
  const branding = must('getLocationBranding', await client.GET('/locations/{id}/branding', { params: { path: { id: location_id } } }));
  step(`branding ${branding.language}`);
  const services = must('listServices', await client.GET('/services', { params: { query: { location_id, limit: 100 } } }));
  const service = must('getService', await client.GET('/services/{id}', { params: { path: { id: input.appointmentServiceId } } }));
  step(`services ${services.data.length} ${service.name}`);

  // A contact and a membership sold to them, found by the member code at the door.
  const created = must('createContact', await client.POST('/contacts', { body: { first_name: 'Flow', last_name: 'Integrator', location_id } }));
  const contact = must('getContact', await client.GET('/contacts/{id}', { params: { path: { id: created.id } } }));
  must('updateContact', await client.PATCH('/contacts/{id}', { params: { path: { id: contact.id } }, body: { notes: 'from the generated client' } }));
  must('updateContact (empty body)', await client.PATCH('/contacts/{id}', { params: { path: { id: contact.id } } }));
  must('listContacts', await client.GET('/contacts', { params: { query: { location_id, search: 'flow' } } }));
  must('listGiftCards', await client.GET('/gift-cards', { params: { query: { location_id } } }));
  must('listPackageTemplates', await client.GET('/packages', { params: { query: { location_id } } }));
  const plans = must('listMembershipPlans', await client.GET('/memberships', { params: { query: { location_id } } }));
  const plan = plans.data[0]!;
  const code = `FLOW-${contact.id.slice(0, 8)}`;
  const sold = must('sellMembership', await client.POST('/contacts/{id}/memberships', { params: { path: { id: contact.id } }, body: { plan_id: plan.id, member_code: code } }));
  const held = must('listContactMemberships', await client.GET('/contacts/{id}/memberships', { params: { path: { id: contact.id } } }));
  const remaining: number | null = held.data[0]!.visits_remaining;
  step(`membership ${sold.status} ${remaining}`);

  const resolved = must('resolveMember', await client.POST('/members/resolve', { body: { identifier: code, location_id } }));
  // The new member has no card yet, which this location blocks: a gate that let them in while offline reports it, flagged.
  const blocked = await gateClient.POST('/members/check-in', { body: { location_id, membership_id: sold.id, source: 'turnstile' } });
  const reasons: NonNullable<Schemas['Error']['error']['reasons']> = blocked.error?.error.reasons ?? [];
  const visit = must(
    'checkInMember',
    await gateClient.POST('/members/check-in', {
      body: { location_id, membership_id: sold.id, source: 'turnstile', offline: true, checked_in_at: new Date(Date.now() - 60_000).toISOString() },
    }),
  );
  const flags: Schemas['Visit']['flags'] = visit.flags;
  step(`door ${resolved.valid_for_checkin} ${reasons.join(',')} ${visit.kind} ${flags.join(',')}`);
  const visits = must('listMembershipVisits', await client.GET('/members/{id}/visits', { params: { path: { id: sold.id } } }));
  const feed = must('memberEligibilityFeed', await client.GET('/members/eligibility', { params: { query: { location_id, limit: 10 } } }));
  step(`visits ${visits.data.length} feed ${feed.data.length >= 0}`);
  // The turnstile's relay failed after the grant: the visit is voided, so it is not counted.
  const voided = must('voidVisit', await gateClient.POST('/members/visits/{id}/void', { params: { path: { id: visit.id } }, body: { reason: 'door_not_opened' } }));
  step(`void ${voided.voided_at !== null}`);
  // The front desk's day at the location: the voided visit marked, the blocked attempt with its reasons.
  const atDoor = must('listLocationVisits', await client.GET('/visits', { params: { query: { location_id, limit: 100 } } }));
  const refusals = must('listCheckinDenials', await client.GET('/checkin-denials', { params: { query: { location_id } } }));
  const voidedAtDoor: string | null | undefined = atDoor.data.find((row) => row.id === visit.id)?.voided_at;
  step(`location day ${voidedAtDoor === voided.voided_at} ${refusals.data.some((row) => row.membership_id === sold.id && row.reasons.join(',') === reasons.join(','))}`);
  // A desk reader's read of a card nobody holds: stored for enrolment from the staff web app (an extension).
  const deskScan = must('recordDeskScan', await deskClient.POST('/desk-scans', { body: { location_id, device_id: 'flow-desk', identifier: `04F1${contact.id.slice(0, 8).replace(/-/g, '0')}` } }));
  step(`desk scan ${'scan' in deskScan ? deskScan.scan.format : 'held'}`);
  // A device agent's heartbeat: kept as the device's latest, with the server's receive time (an extension).
  const beat = must(
    'recordDeviceHeartbeat',
    await gateClient.POST('/devices/heartbeat', {
      body: {
        location_id,
        device_id: 'flow-gate',
        agent_version: '0.1.0',
        status: 'ok',
        sent_at: new Date().toISOString(),
        devices: [{ id: 'reader-1', kind: 'reader', driver: 'stdin', state: 'ok', since: new Date().toISOString(), last_error: null, last_event_at: null, reconnects: 0, hint: null }],
        outbox: { pending: 0, rejected: 0, oldest_pending_at: null },
        cache: { synced_at: null, age_s: null, max_age_s: 86_400, stale: true },
        last_scan_at: null,
        kiosk: null,
      },
    }),
  );
  step(`heartbeat ${beat.device_id}`);

  // An appointment: a free slot, booked, moved, then cancelled with no body at all.
  const slots = must('listAvailability', await client.GET('/availability', { params: { query: { service_id: input.appointmentServiceId, location_id } } }));
  const [first, later] = [slots.data[0]!, slots.data[slots.data.length - 1]!];
  const booking = must(
    'createBooking',
    await client.POST('/bookings', {
      params: { header: { 'Idempotency-Key': `flow-${contact.id}` } },
      body: { location_id, service_id: input.appointmentServiceId, contact_id: contact.id, start: first.start, technician_id: first.technician_id },
    }),
  );
  must('getBooking', await client.GET('/bookings/{id}', { params: { path: { id: booking.id } } }));
  must('listBookings', await client.GET('/bookings', { params: { query: { contact_id: contact.id } } }));
  const moved = must('rescheduleBooking', await client.POST('/bookings/{id}/reschedule', { params: { path: { id: booking.id } }, body: { start: later.start } }));
  const cancelled = must('cancelBooking', await client.POST('/bookings/{id}/cancel', { params: { path: { id: moved.id } } }));
  step(`booking ${cancelled.status}`);

  // A class: the timetable, a spot booked (its own result: spots left, already booked) and released.
  must('listClasses', await client.GET('/classes', { params: { query: { location_id } } }));
  const guest = must('createContact (guest)', await client.POST('/contacts', { body: { first_name: 'Flow', last_name: 'Guest', location_id } }));
  const spot = must('bookClass', await client.POST('/classes/{id}/book', { params: { path: { id: input.classId } }, body: { contact_id: contact.id } }));
  const spotsLeft: number = spot.spots_left;
  const alreadyBooked: boolean = spot.already_booked;
  const released = must('cancelClassSpot', await client.POST('/classes/{id}/cancel', { params: { path: { id: input.classId } }, body: { contact_id: contact.id } }));
  // A drop-in guest (no membership, so no card rule to meet) takes a spot and is checked in.
  must('bookClass (guest)', await client.POST('/classes/{id}/book', { params: { path: { id: input.classId } }, body: { contact_id: guest.id, allow_without_entitlement: true } }));
  const checkedIn = must('checkInToClass', await client.POST('/classes/{id}/check-in', { params: { path: { id: input.classId } }, body: { contact_id: guest.id } }));
  const detail = must('getClass', await client.GET('/classes/{id}', { params: { path: { id: input.classId } } }));
  step(`class ${spotsLeft} ${alreadyBooked} ${checkedIn.status} ${released.spots_left} ${detail.roster.length}`);
  // Restoring a class that is not cancelled changes nothing, and says so.
  const restored = must('restoreClass', await client.POST('/classes/{id}/restore', { params: { path: { id: input.classId } } }));
  const alreadyScheduled: boolean = restored.already_scheduled;
  step(`class restore ${alreadyScheduled} ${restored.restored.length}`);

  // A reconciliation pass: what changed, newest first, each event with the resource it describes.
  const events = must('listEvents', await client.GET('/events', { params: { query: { type: 'booking.cancelled', location_id, limit: 5 } } }));
  const event = must('getEvent', await client.GET('/events/{id}', { params: { path: { id: events.data[0]!.id } } }));
  const environment: 'live' | 'test' = event.environment;
  // Event is a union on `type`: narrowed to booking.cancelled, its `data` is a Booking.
  if (event.type !== 'booking.cancelled') throw new Error(`listEvents answered a ${event.type} event for type=booking.cancelled`);
  step(`events ${event.type} ${environment} ${event.data.id === booking.id && event.data.status === 'cancelled'}`);
  // Every event the flow caused, of every type, each in its own shape (a validating proxy checks each against its type's).
  const recent = must('listEvents', await client.GET('/events', { params: { query: { limit: 100 } } }));
  step(`event types ${[...new Set(recent.data.map((e) => e.type))].sort().join(' ')}`);
  // Webhooks: an endpoint made (its secret shown this once), changed, rotated, sent a test event, its delivery log read, deleted.
  const hook = must('createWebhookEndpoint', await client.POST('/webhook_endpoints', { body: { url: 'https://receiver.example/flow', event_types: ['contact.created'] } }));
  const firstSecret: string = hook.secret;
  must('getWebhookEndpoint', await client.GET('/webhook_endpoints/{id}', { params: { path: { id: hook.id } } }));
  must('updateWebhookEndpoint', await client.PATCH('/webhook_endpoints/{id}', { params: { path: { id: hook.id } }, body: { event_types: ['*'], description: 'from the generated client' } }));
  const rotated = must('rotateWebhookEndpointSecret', await client.POST('/webhook_endpoints/{id}/rotate_secret', { params: { path: { id: hook.id } } }));
  // A test event to it (the comparison type-checks that the generated client knows the type).
  const test = must('sendWebhookTestEvent', await client.POST('/webhook_endpoints/{id}/send_test', { params: { path: { id: hook.id } } }));
  const hooks = must('listWebhookEndpoints', await client.GET('/webhook_endpoints'));
  const deliveries = must('listWebhookDeliveries', await client.GET('/webhook_endpoints/{id}/deliveries', { params: { path: { id: hook.id }, query: { status: 'failed' } } }));
  const [delivery] = deliveries.data;
  if (delivery) {
    must('listWebhookDeliveryAttempts', await client.GET('/webhook_deliveries/{id}/attempts', { params: { path: { id: delivery.id }, query: { limit: 5 } } }));
    must('resendWebhookDelivery', await client.POST('/webhook_deliveries/{id}/resend', { params: { path: { id: delivery.id } } }));
  } else {
    // No delivery yet: the operations are still called, and their refusals are typed.
    const noAttempts = await client.GET('/webhook_deliveries/{id}/attempts', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
    if (noAttempts.error?.error.code !== 'resource_missing') throw new Error(`attempts: expected resource_missing, got ${JSON.stringify(noAttempts.error)}`);
    const missing = await client.POST('/webhook_deliveries/{id}/resend', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
    if (missing.error?.error.code !== 'resource_missing') throw new Error(`resend: expected resource_missing, got ${JSON.stringify(missing.error)}`);
  }
  const deleted = must('deleteWebhookEndpoint', await client.DELETE('/webhook_endpoints/{id}', { params: { path: { id: hook.id } } }));
  step(
    `webhooks ${firstSecret.startsWith('whsec_')} ${rotated.secret !== firstSecret} ${test.event_type === 'webhook.test' && test.status === 'pending'} ${hooks.data.some((h) => h.id === hook.id)} ${deleted.deleted}`,
  );

  // A refusal comes back in the envelope, typed.
  const refused = await client.GET('/contacts/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
  if (refused.error?.error.code !== 'resource_missing') throw new Error(`expected resource_missing, got ${JSON.stringify(refused.error)}`);
  step('refusal resource_missing');
  return done;
}

// --- What the document states, checked by the compiler only (never run). -------------------------
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

export function typeOnlyChecks(): void {
  // Check-in names its member by one of identifier, membership_id, contact_id.
  // @ts-expect-error a check-in body without one of them is not a CheckInRequest
  const unnamed: paths['/members/check-in']['post']['requestBody']['content']['application/json'] = { location_id: 'x' };
  // Flags and refusal reasons are their enums, not any string.
  // @ts-expect-error not a visit flag
  const flag: Schemas['Visit']['flags'][number] = 'not_a_flag';
  // @ts-expect-error not an eligibility reason
  const reason: NonNullable<Schemas['Error']['error']['reasons']>[number] = 'not_a_reason';
  // Every answer declares Request-Id; a 401 its WWW-Authenticate; a replay its headers; 408, 414 and 431 exist.
  assertType<Equal<paths['/ping']['get']['responses'][200]['headers']['Request-Id'], string>>();
  assertType<Equal<paths['/ping']['get']['responses'][401]['headers']['WWW-Authenticate'], string>>();
  assertType<Equal<paths['/bookings']['post']['responses'][201]['headers']['Idempotent-Replayed'], 'true' | undefined>>();
  assertType<Equal<paths['/bookings']['post']['responses'][409]['headers']['Original-Request'], string | undefined>>();
  assertType<Equal<paths['/bookings']['post']['responses'][429]['headers']['Retry-After'], number>>();
  const transport: [unknown, unknown, unknown] = [paths408, paths414, paths431];
  void [unnamed, flag, reason, transport];
}
declare const paths408: paths['/classes']['get']['responses'][408];
declare const paths414: paths['/classes']['get']['responses'][414];
declare const paths431: paths['/classes']['get']['responses'][431];
