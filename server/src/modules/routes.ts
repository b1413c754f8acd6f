import { systemClock, type Clock } from '../clock/time.js';
import { apiContracts } from '@studio/shared/contracts';
import { routesFor, type RouteSpec } from '../http/route.js';
import { appointmentRoutes } from './appointments/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { classRoutes } from './classes/routes.js';
import { contactRoutes } from './contacts/routes.js';
import { deskScanRoutes } from './desk-scans/routes.js';
import { deviceRoutes } from './devices/routes.js';
import { eventRoutes } from './events/routes.js';
import { memberRoutes } from './members/routes.js';
import { membershipRoutes } from './memberships/routes.js';
import { pingRoutes } from './ping/routes.js';
import { storedValueRoutes } from './stored-value/routes.js';
import { locationActivityRoutes } from './visits/routes.js';
import { guardedTargets, type WebhookTargetPolicy } from './webhooks/delivery/address-guard.js';
import { webhookRoutes } from './webhooks/routes.js';

/** The API routes that read the system clock where they read one. */
const systemClockRoutes: readonly RouteSpec[] = [
  ...pingRoutes,
  ...catalogRoutes,
  ...contactRoutes,
  ...storedValueRoutes,
  ...membershipRoutes,
  ...memberRoutes,
  ...locationActivityRoutes,
  ...deskScanRoutes,
  ...appointmentRoutes,
  ...classRoutes,
  ...eventRoutes,
];

/**
 * Every API route, one per contract of `apiContracts` and in its order: mounted by the app; the
 * OpenAPI document is built from the contracts themselves. The
 * device heartbeat's receive time reads `clock`: the app passes its staff-auth clock (as to the web
 * routes, web/routes.ts), so a test that fixes one fixes both. A webhook endpoint's URL is held to
 * `webhookTargets`, the policy the server's sender uses.
 */
export function apiRoutesFor(clock: Clock, webhookTargets: WebhookTargetPolicy = guardedTargets): readonly RouteSpec[] {
  return routesFor(apiContracts, [...systemClockRoutes, ...webhookRoutes(webhookTargets), ...deviceRoutes(clock)]);
}

/** The same list on the system clock, for what only enumerates the routes (the OpenAPI document, tests). */
export const apiRoutes: readonly RouteSpec[] = apiRoutesFor(systemClock);
