import { systemClock, type Clock } from '../clock/time.js';
import { webContracts } from '@studio/shared/contracts';
import { routesFor, type RouteSpec } from '../http/route.js';
import { guardedTargets, type WebhookTargetPolicy } from '../modules/webhooks/delivery/address-guard.js';
import { accountRoutes } from './account-routes.js';
import { appointmentRoutes } from './appointments/routes.js';
import { authRoutes } from './auth-routes.js';
import { classWebRoutes } from './classes/routes.js';
import { deskRoutes } from './desk/routes.js';
import { developerRoutes } from './developers/routes.js';
import { testDataRoutes } from './developers/test-data-routes.js';
import { deviceWebRoutes } from './devices/routes.js';
import { importRoutes } from './import/routes.js';
import { memberAppSessionRoutes } from './desk/member-app-sessions.js';
import { passWebRoutes } from './passes/routes.js';
import { setupRoutes } from './setup/routes.js';
import { messageSettingsRoutes } from './message-settings-route.js';
import type { SmtpSettings } from '../modules/messages/smtp-settings.js';

/**
 * The web app's own endpoints, mounted under /app/api with staff sessions (mount-web.ts), the desk's
 * reading `clock`: the app passes its staff-auth clock, so a test that fixes one fixes both. A
 * webhook endpoint's URL is held to `webhookTargets`, the policy the server's sender uses; `smtp` is
 * the members' emails' provider the settings page shows (none when omitted).
 */
export function webRoutesFor(clock: Clock, webhookTargets: WebhookTargetPolicy = guardedTargets, smtp: SmtpSettings | null = null): readonly RouteSpec[] {
  return routesFor(webContracts, [
    ...authRoutes,
    ...accountRoutes,
    ...deskRoutes(clock),
    ...memberAppSessionRoutes(clock),
    ...appointmentRoutes(clock),
    ...classWebRoutes(clock),
    ...deviceWebRoutes(clock),
    ...passWebRoutes(clock),
    ...importRoutes(clock),
    ...developerRoutes(clock, webhookTargets),
    ...testDataRoutes(clock),
    ...setupRoutes,
    ...messageSettingsRoutes(smtp),
  ]);
}

/** The same list on the system clock, for what only enumerates the routes (tests, documents). */
export const webRoutes: readonly RouteSpec[] = webRoutesFor(systemClock);
