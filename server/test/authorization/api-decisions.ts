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
  checkInMember: {},
  memberEligibilityFeed: {},
  listMembershipVisits: {},
  voidVisit: {},
  listLocationVisits: {},
  recordDeskScan: {},
  // Heartbeats are a device agent's, with its key: no staff session sends one.
  recordDeviceHeartbeat: refusedRoles('owner', 'manager', 'desk'),
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
