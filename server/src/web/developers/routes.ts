import { IdParams, page, WebhookAttempt, WebhookAttemptListQuery, WebhookDelivery, WebhookDeliveryListQuery, WebhookEndpoint, WebhookEndpointDeleted, WebhookEndpointWithSecret } from '@studio/shared';
import { DeveloperEnvironmentQuery, Reauthentication, WebhookEndpointCreateRequest, WebhookEndpointList, WebhookEndpointUpdateRequest } from '@studio/shared/web-app';
import { systemClock, type Clock } from '../../clock/time.js';
import { accepted, created, defineRoute, ok } from '../../http/route.js';
import { existingTestCompanyOf } from '../../modules/companies/environments.js';
import { listDeliveryAttempts } from '../../modules/webhooks/endpoints/attempts.js';
import { listEndpointDeliveries } from '../../modules/webhooks/endpoints/deliveries.js';
import { listEndpoints } from '../../modules/webhooks/endpoints/service.js';
import { assertMayManageEndpoints } from '../../modules/webhooks/endpoints/access.js';
import { actorForDelivery, actorForEndpoint } from './environment-actor.js';
import { createWebEndpoint, deleteWebEndpoint, resendWebDelivery, rotateWebEndpointSecret, sendWebTestEvent, updateWebEndpoint } from './webhook-admin.js';

const tag = 'Web developers';
const ownerErrors = ['role_not_allowed', 'resource_missing'] as const;

/**
 * Settings -> Developers -> Webhooks, below `/app/api`: an owner's webhook endpoints of the live
 * company or its test-mode twin, through the API's services (modules/webhooks/) and its rules.
 */
export function developerRoutes(clock: Clock = systemClock) {
  return [
    defineRoute({
      method: 'GET',
      path: '/developers/webhook_endpoints',
      operationId: 'webListWebhookEndpoints',
      summary: 'The webhook endpoints of one environment, oldest first',
      tag,
      scopes: ['write:webhooks'],
      query: DeveloperEnvironmentQuery,
      responses: { 200: { description: 'The endpoints', schema: WebhookEndpointList } },
      errors: ['role_not_allowed'],
      handler: async ({ db, actor, query }) => {
        assertMayManageEndpoints(actor);
        if (query.environment === 'live') return ok({ data: await listEndpoints(db, actor) });
        // Test mode unused yet: no twin, so no endpoint, and a read makes none.
        const twin = await existingTestCompanyOf(db, actor.companyId);
        return ok({ data: twin === null ? [] : await listEndpoints(db, { ...actor, companyId: twin }) });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/developers/webhook_endpoints',
      operationId: 'webCreateWebhookEndpoint',
      summary: 'Make a webhook endpoint (password again); the signing secret is in this answer only',
      tag,
      scopes: ['write:webhooks'],
      body: WebhookEndpointCreateRequest,
      responses: { 201: { description: 'The endpoint and its secret', schema: WebhookEndpointWithSecret } },
      errors: ['role_not_allowed', 'invalid_credentials'],
      handler: async ({ db, actor, body }) => created(await createWebEndpoint(db, actor, body, clock)),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/developers/webhook_endpoints/:id',
      operationId: 'webUpdateWebhookEndpoint',
      summary: 'Edit, enable or disable a webhook endpoint (password again)',
      tag,
      scopes: ['write:webhooks'],
      params: IdParams,
      body: WebhookEndpointUpdateRequest,
      responses: { 200: { description: 'The endpoint', schema: WebhookEndpoint } },
      errors: [...ownerErrors, 'invalid_credentials'],
      handler: async ({ db, actor, params, body }) => ok(await updateWebEndpoint(db, actor, params.id, body, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/developers/webhook_endpoints/:id/rotate_secret',
      operationId: 'webRotateWebhookSecret',
      summary: 'A new signing secret (password again), shown this once; the old one signs for 24 hours more',
      tag,
      scopes: ['write:webhooks'],
      params: IdParams,
      body: Reauthentication,
      responses: { 200: { description: 'The endpoint and its new secret', schema: WebhookEndpointWithSecret } },
      errors: [...ownerErrors, 'invalid_credentials'],
      handler: async ({ db, actor, params, body }) => ok(await rotateWebEndpointSecret(db, actor, params.id, body.password, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/developers/webhook_endpoints/:id/delete',
      operationId: 'webDeleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint with its delivery log (password again)',
      tag,
      scopes: ['write:webhooks'],
      params: IdParams,
      body: Reauthentication,
      responses: { 200: { description: 'Deleted', schema: WebhookEndpointDeleted } },
      errors: [...ownerErrors, 'invalid_credentials'],
      handler: async ({ db, actor, params, body }) => ok(await deleteWebEndpoint(db, actor, params.id, body.password, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/developers/webhook_endpoints/:id/send_test',
      operationId: 'webSendWebhookTestEvent',
      summary: 'Send a webhook.test event to the endpoint; it changes nothing, so no password',
      tag,
      scopes: ['write:webhooks'],
      params: IdParams,
      responses: { 202: { description: 'The delivery of the test event, pending', schema: WebhookDelivery } },
      errors: [...ownerErrors, 'webhook_endpoint_disabled'],
      handler: async ({ db, actor, params }) => accepted(await sendWebTestEvent(db, actor, params.id, clock)),
    }),
    defineRoute({
      method: 'GET',
      path: '/developers/webhook_endpoints/:id/deliveries',
      operationId: 'webListWebhookDeliveries',
      summary: "A webhook endpoint's delivery log, newest first",
      tag,
      scopes: ['write:webhooks'],
      params: IdParams,
      query: WebhookDeliveryListQuery,
      responses: { 200: { description: 'A page of deliveries', schema: page(WebhookDelivery) } },
      errors: ownerErrors,
      handler: async ({ db, actor, params, query, cursors }) => {
        assertMayManageEndpoints(actor);
        return ok(await listEndpointDeliveries(db, await actorForEndpoint(db, actor, params.id), params.id, query, cursors));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/developers/webhook_deliveries/:id/attempts',
      operationId: 'webListWebhookDeliveryAttempts',
      summary: "A webhook delivery's attempts, oldest first",
      tag,
      scopes: ['write:webhooks'],
      params: IdParams,
      query: WebhookAttemptListQuery,
      responses: { 200: { description: 'A page of attempts', schema: page(WebhookAttempt) } },
      errors: ownerErrors,
      handler: async ({ db, actor, params, query, cursors }) => {
        assertMayManageEndpoints(actor);
        return ok(await listDeliveryAttempts(db, await actorForDelivery(db, actor, params.id), params.id, query, cursors));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/developers/webhook_deliveries/:id/resend',
      operationId: 'webResendWebhookDelivery',
      summary: 'Send a delivery again',
      tag,
      scopes: ['write:webhooks'],
      params: IdParams,
      responses: { 200: { description: 'The delivery, pending', schema: WebhookDelivery } },
      errors: [...ownerErrors, 'webhook_endpoint_disabled'],
      handler: async ({ db, actor, params }) => ok(await resendWebDelivery(db, actor, params.id, clock)),
    }),
  ];
}

/** The list on the system clock, for what only enumerates it; the app mounts `developerRoutes(its staff-auth clock)` (web/routes.ts). */
export const developerWebRoutes = developerRoutes();
