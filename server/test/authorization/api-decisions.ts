import type { TargetName } from '../reliability/world.js';
import { refused, type Caller, type CallerKindName, type Outcome, type StaffRole } from './callers.js';

/**
 * Every route of the API (/v1, and again at /app/api/v1 for staff sessions), by operationId: how it
 * departs from its callers' rules (callers.ts), or `{}` where it follows them. A route missing here
 * fails the matrix: a new route's rule is a decision, not an accident. Valid requests per target
 * are reliability/operations.ts's `validRequests`, which the fuzzer shares.
 */
export interface ApiRouteDecision {
  /** Only a caller of every location may call it, whatever it aims at: an endpoint receives every location's events. */
  everyLocation?: boolean;
  /** Per caller kind, its answer where it is not its kind's rule (undefined: the rule's). */
  except?: { [K in CallerKindName]?: (caller: Extract<Caller, { kind: K }>, target: TargetName) => Outcome | undefined };
}

const roleRefused = refused(403, 'role_not_allowed');
const notFoundElsewhere = (target: TargetName): Outcome => (target === 'otherCompany' ? refused(404, 'resource_missing') : 'allowed');

/**
 * Webhooks for staff (modules/webhooks/endpoints/staff-changes.ts): owners only; every endpoint
 * write needs the password again (make, edit, enable, disable, rotate, delete), so it is refused on
 * /app/api/v1, which has no field for it, before any lookup; reads, test events and resends as the
 * owner's own company allows.
 */
const webhookStaff = (owner: (target: TargetName) => Outcome) => ({
  'staff session': (caller: Extract<Caller, { kind: 'staff session' }>, target: TargetName): Outcome =>
    caller.role === 'disabled' ? refused(401, 'invalid_session') : caller.role === 'owner' ? owner(target) : roleRefused,
});
const webhooks = (owner: (target: TargetName) => Outcome): ApiRouteDecision => ({ everyLocation: true, except: webhookStaff(owner) });

/** Staff of these roles are refused by role wherever they ask, before any lookup; a disabled account's session is none. */
/**
 * A device's own routes (issue 29): a key of no device is refused `device_only` once its scope passes,
 * before any lookup (modules/visits/checkin-claims.ts and the device services).
 */
const deviceOnlyForKeys = (caller: Extract<Caller, { kind: 'api key' }>): Outcome | undefined =>
  (caller.state === 'live' || caller.state === 'testMode') && caller.scope === 'checkin:members' ? refused(403, 'device_only') : undefined;

type DeviceCaller = Extract<Caller, { kind: 'device key' }>;
const deviceRefused = refused(403, 'device_only');
/** Only this kind of device calls the route, and only for its own device id: the matrix's requests name the target's devices, so another location's is another device. */
const ownDeviceOnly =
  (kind: DeviceCaller['device']) =>
  (caller: DeviceCaller, target: TargetName): Outcome | undefined =>
    caller.revoked ? undefined : caller.device !== kind || target !== 'own' ? deviceRefused : undefined;

const staffNotADevice = (caller: Extract<Caller, { kind: 'staff session' }>): Outcome | undefined => (caller.role === 'disabled' ? undefined : refused(403, 'device_only'));

const refusedRoles = (...roles: StaffRole[]): ApiRouteDecision => ({
  except: { 'staff session': (caller) => (caller.role !== 'disabled' && roles.includes(caller.role) ? roleRefused : undefined) },
});

export const apiDecisions: Record<string, ApiRouteDecision> = {
  ping: {},
  listLocations: {},
  getLocationBranding: {},
  listServices: {},
  getService: {},
  listContacts: {},
  getContact: {},
  createContact: {},
  updateContact: {},
  listGiftCards: {},
  listMembershipPlans: {},
  listPackageTemplates: {},
  listContactMemberships: {},
  sellMembership: {},
  resolveMember: {},
  // A desk reader enrols cards; it checks nobody in.
  checkInMember: { except: { 'device key': (caller) => (caller.device === 'desk_reader' && !caller.revoked ? deviceRefused : undefined) } },
  memberEligibilityFeed: {},
  listMembershipVisits: {},
  // A visit is voided by the device that recorded it, or by an owner or a manager with a note.
  // The matrix's request is a device's (door_not_opened, no note): an owner or a manager is asked for the note before any lookup.
  voidVisit: {
    except: {
      'api key': deviceOnlyForKeys,
      'staff session': (caller) => (caller.role === 'disabled' ? undefined : caller.role === 'desk' ? roleRefused : refused(400, 'missing_field')),
      // The target's visit was recorded by its turnstile: another device may not void it (another location's or company's is not found first).
      'device key': (caller, target) => (!caller.revoked && target === 'own' && caller.device !== 'turnstile' ? deviceRefused : undefined),
    },
  },
  listLocationVisits: {},
  // Desk scans and heartbeats are a device's, with its own device key: no other key, no staff session.
  recordDeskScan: { except: { 'api key': deviceOnlyForKeys, 'staff session': staffNotADevice, 'device key': ownDeviceOnly('desk_reader') } },
  recordDeviceHeartbeat: { except: { 'api key': deviceOnlyForKeys, 'staff session': staffNotADevice, 'device key': ownDeviceOnly('turnstile') } },
  listCheckinDenials: {},
  listAvailability: {},
  listBookings: {},
  getBooking: {},
  createBooking: {},
  cancelBooking: {},
  rescheduleBooking: {},
  listClasses: {},
  getClass: {},
  bookClass: {},
  // The matrix's cancellation excuses a late one: an owner's or a manager's call.
  cancelClassSpot: refusedRoles('desk'),
  // The matrix's request claims nothing, so each caller checks in as itself (a turnstile's or desk reader's key lacks
  // write:classes); offline, a past time, another source or device: device-only-class-check-in.test.ts.
  checkInToClass: {},
  // The timetable is an owner's or a manager's.
  restoreClass: refusedRoles('desk'),
  listEvents: {},
  getEvent: {},
  listWebhookEndpoints: webhooks(() => 'allowed'),
  createWebhookEndpoint: webhooks(() => roleRefused),
  getWebhookEndpoint: webhooks(notFoundElsewhere),
  // Any edit, enabling and disabling included, needs the password.
  updateWebhookEndpoint: webhooks(() => roleRefused),
  deleteWebhookEndpoint: webhooks(() => roleRefused),
  rotateWebhookEndpointSecret: webhooks(() => roleRefused),
  sendWebhookTestEvent: webhooks(notFoundElsewhere),
  listWebhookDeliveries: webhooks(notFoundElsewhere),
  listWebhookDeliveryAttempts: webhooks(notFoundElsewhere),
  resendWebhookDelivery: webhooks(notFoundElsewhere),
};
