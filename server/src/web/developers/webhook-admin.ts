import type { WebhookDelivery, WebhookEndpoint } from '@studio/shared';
import type { WebhookEndpointCreateRequest, WebhookEndpointUpdateRequest } from '@studio/shared/web-app';
import type { z } from 'zod';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { assertMayManageEndpoints } from '../../modules/webhooks/endpoints/access.js';
import { guardedTargets, type WebhookTargetPolicy } from '../../modules/webhooks/delivery/address-guard.js';
import { createEndpoint, deleteEndpoint, rotateEndpointSecret, updateEndpoint, type EndpointWithSecret } from '../../modules/webhooks/endpoints/service.js';
import { resendDelivery } from '../../modules/webhooks/resend.js';
import { sendTestEvent } from '../../modules/webhooks/send-test.js';
import { actorForDelivery, actorForEndpoint, actorInEnvironment } from './environment-actor.js';

/**
 * The Developers page's changes to webhook endpoints: the API's services (modules/webhooks/), in
 * the environment the page or the id names. The staff rule (an owner, the password again for every
 * write to an endpoint, an audit entry) is the services' own
 * (modules/webhooks/endpoints/staff-changes.ts), so it holds on /app/api/v1 too; this page is
 * where a staff member brings the password.
 */

export async function createWebEndpoint(
  db: Db,
  staff: Actor,
  body: z.output<typeof WebhookEndpointCreateRequest>,
  clock: Clock = systemClock,
  targets: WebhookTargetPolicy = guardedTargets,
): Promise<EndpointWithSecret> {
  assertMayManageEndpoints(staff);
  const { environment, password, ...input } = body;
  return createEndpoint(db, await actorInEnvironment(db, staff, environment), input, clock, { password }, targets);
}

export async function updateWebEndpoint(
  db: Db,
  staff: Actor,
  id: string,
  body: z.output<typeof WebhookEndpointUpdateRequest>,
  clock: Clock = systemClock,
  targets: WebhookTargetPolicy = guardedTargets,
): Promise<WebhookEndpoint> {
  assertMayManageEndpoints(staff);
  const { password, ...patch } = body;
  return updateEndpoint(db, await actorForEndpoint(db, staff, id), id, patch, clock, { password }, targets);
}

export async function rotateWebEndpointSecret(db: Db, staff: Actor, id: string, password: string, clock: Clock = systemClock): Promise<EndpointWithSecret> {
  assertMayManageEndpoints(staff);
  return rotateEndpointSecret(db, await actorForEndpoint(db, staff, id), id, clock, { password });
}

export async function deleteWebEndpoint(db: Db, staff: Actor, id: string, password: string, clock: Clock = systemClock): Promise<{ id: string; deleted: true }> {
  assertMayManageEndpoints(staff);
  return deleteEndpoint(db, await actorForEndpoint(db, staff, id), id, clock, { password });
}

export async function resendWebDelivery(db: Db, staff: Actor, id: string, clock: Clock = systemClock): Promise<WebhookDelivery> {
  assertMayManageEndpoints(staff);
  return resendDelivery(db, await actorForDelivery(db, staff, id), id, clock);
}

export async function sendWebTestEvent(db: Db, staff: Actor, endpointId: string, clock: Clock = systemClock): Promise<WebhookDelivery> {
  assertMayManageEndpoints(staff);
  return sendTestEvent(db, await actorForEndpoint(db, staff, endpointId), endpointId, clock);
}
