import { contracts } from '@studio/shared/contracts';
import { accepted, created, implement, ok } from '../../http/route.js';
import { systemClock } from '../../clock/time.js';
import type { WebhookTargetPolicy } from './delivery/address-guard.js';
import { listDeliveryAttempts } from './endpoints/attempts.js';
import { listEndpointDeliveries } from './endpoints/deliveries.js';
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, rotateEndpointSecret, updateEndpoint } from './endpoints/service.js';
import { resendDelivery } from './resend.js';
import { sendTestEvent } from './send-test.js';

/**
 * Webhook endpoints and their delivery log (the Webhooks tag describes signing, retries and
 * verification); an endpoint's URL is held to `targets`, the sender's own address guard.
 */
export const webhookRoutes = (targets: WebhookTargetPolicy) => [
  implement(contracts.listWebhookEndpoints, async ({ db, actor }) => ok({ data: await listEndpoints(db, actor) })),
  implement(contracts.createWebhookEndpoint, async ({ db, actor, body }) => created(await createEndpoint(db, actor, body, systemClock, undefined, targets))),
  implement(contracts.getWebhookEndpoint, async ({ db, actor, params }) => ok(await getEndpoint(db, actor, params.id))),
  implement(contracts.updateWebhookEndpoint, async ({ db, actor, params, body }) => ok(await updateEndpoint(db, actor, params.id, body, systemClock, undefined, targets))),
  implement(contracts.deleteWebhookEndpoint, async ({ db, actor, params }) => ok(await deleteEndpoint(db, actor, params.id))),
  implement(contracts.rotateWebhookEndpointSecret, async ({ db, actor, params }) => ok(await rotateEndpointSecret(db, actor, params.id))),
  implement(contracts.sendWebhookTestEvent, async ({ db, actor, params }) => accepted(await sendTestEvent(db, actor, params.id))),
  implement(contracts.listWebhookDeliveries, async ({ db, actor, params, query, cursors }) => ok(await listEndpointDeliveries(db, actor, params.id, query, cursors))),
  implement(contracts.listWebhookDeliveryAttempts, async ({ db, actor, params, query, cursors }) => ok(await listDeliveryAttempts(db, actor, params.id, query, cursors))),
  implement(contracts.resendWebhookDelivery, async ({ db, actor, params }) => ok(await resendDelivery(db, actor, params.id))),
];
