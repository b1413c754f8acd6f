import { contracts } from '@studio/shared/contracts';
import { systemClock, type Clock } from '../../clock/time.js';
import { accepted, created, implement, ok } from '../../http/route.js';
import { existingTestCompanyOf } from '../../modules/companies/environments.js';
import { listDeliveryAttempts } from '../../modules/webhooks/endpoints/attempts.js';
import { listEndpointDeliveries } from '../../modules/webhooks/endpoints/deliveries.js';
import { listEndpoints } from '../../modules/webhooks/endpoints/service.js';
import { assertMayManageEndpoints } from '../../modules/webhooks/endpoints/access.js';
import { guardedTargets, type WebhookTargetPolicy } from '../../modules/webhooks/delivery/address-guard.js';
import { actorForDelivery, actorForEndpoint } from './environment-actor.js';
import { createWebEndpoint, deleteWebEndpoint, resendWebDelivery, rotateWebEndpointSecret, sendWebTestEvent, updateWebEndpoint } from './webhook-admin.js';

/**
 * Settings -> Developers -> Webhooks, below `/app/api`: an owner's webhook endpoints of the live
 * company or its test-mode twin, through the API's services (modules/webhooks/) and its rules.
 */
export function developerRoutes(clock: Clock = systemClock, webhookTargets: WebhookTargetPolicy = guardedTargets) {
  return [
    implement(contracts.webListWebhookEndpoints, async ({ db, actor, query }) => {
      assertMayManageEndpoints(actor);
      if (query.environment === 'live') return ok({ data: await listEndpoints(db, actor) });
      // Test mode unused yet: no twin, so no endpoint, and a read makes none.
      const twin = await existingTestCompanyOf(db, actor.companyId);
      return ok({ data: twin === null ? [] : await listEndpoints(db, { ...actor, companyId: twin }) });
    }),
    implement(contracts.webCreateWebhookEndpoint, async ({ db, actor, body }) => created(await createWebEndpoint(db, actor, body, clock, webhookTargets))),
    implement(contracts.webUpdateWebhookEndpoint, async ({ db, actor, params, body }) => ok(await updateWebEndpoint(db, actor, params.id, body, clock, webhookTargets))),
    implement(contracts.webRotateWebhookSecret, async ({ db, actor, params, body }) => ok(await rotateWebEndpointSecret(db, actor, params.id, body.password, clock))),
    implement(contracts.webDeleteWebhookEndpoint, async ({ db, actor, params, body }) => ok(await deleteWebEndpoint(db, actor, params.id, body.password, clock))),
    implement(contracts.webSendWebhookTestEvent, async ({ db, actor, params }) => accepted(await sendWebTestEvent(db, actor, params.id, clock))),
    implement(contracts.webListWebhookDeliveries, async ({ db, actor, params, query, cursors }) => {
      assertMayManageEndpoints(actor);
      return ok(await listEndpointDeliveries(db, await actorForEndpoint(db, actor, params.id), params.id, query, cursors));
    }),
    implement(contracts.webListWebhookDeliveryAttempts, async ({ db, actor, params, query, cursors }) => {
      assertMayManageEndpoints(actor);
      return ok(await listDeliveryAttempts(db, await actorForDelivery(db, actor, params.id), params.id, query, cursors));
    }),
    implement(contracts.webResendWebhookDelivery, async ({ db, actor, params }) => ok(await resendWebDelivery(db, actor, params.id, clock))),
  ];
}

/** The list on the system clock, for what only enumerates it; the app mounts `developerRoutes(its staff-auth clock)` (web/routes.ts). */
export const developerWebRoutes = developerRoutes();
