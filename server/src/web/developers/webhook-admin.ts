import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointUpdate } from '@studio/shared';
import type { WebhookEndpointCreateRequest } from '@studio/shared/web-app';
import type { z } from 'zod';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { recordAudit, type AuditAction } from '../../modules/staff-accounts/audit.js';
import { reauthenticate } from '../../modules/staff-accounts/reauthenticate.js';
import { assertMayManageEndpoints } from '../../modules/webhooks/endpoints/access.js';
import { createEndpoint, deleteEndpoint, rotateEndpointSecret, updateEndpoint, type EndpointWithSecret } from '../../modules/webhooks/endpoints/service.js';
import { resendDelivery } from '../../modules/webhooks/resend.js';
import { sendTestEvent } from '../../modules/webhooks/send-test.js';
import { actorForDelivery, actorForEndpoint, actorInEnvironment } from './environment-actor.js';

/**
 * The Developers page's changes to webhook endpoints: the API's services (modules/webhooks/), an
 * owner only, each written to the staff audit log in the change's own transaction. Making an
 * endpoint, rotating its secret and deleting it hand out or end a signing secret, so they ask for
 * the password again (as API keys do); editing, enabling, disabling, resending and sending a test
 * event do not.
 * The log is the live company's (where the staff member is) and never holds a secret or the URL
 * (a URL may carry a token of the receiver's).
 */

async function audited<T>(db: Db, staff: Actor, action: AuditAction, details: (result: T) => Record<string, unknown>, change: () => Promise<T>, clock: Clock): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change();
    await recordAudit(db, tx, staff, { action, targetAccountId: null, details: details(result) }, clock);
    return result;
  });
}

const endpointDetails = (endpoint: WebhookEndpoint) => ({ endpoint_id: endpoint.id, environment: endpoint.environment, secret_last4: endpoint.secret_last4 });

async function confirmOwner(db: Db, staff: Actor, password: string): Promise<void> {
  // The role first, so a manager is told it may not rather than asked for a password that would not help.
  assertMayManageEndpoints(staff);
  await reauthenticate(db, staff, password);
}

export async function createWebEndpoint(db: Db, staff: Actor, body: z.output<typeof WebhookEndpointCreateRequest>, clock: Clock = systemClock): Promise<EndpointWithSecret> {
  await confirmOwner(db, staff, body.password);
  const { environment, password: _password, ...input } = body;
  const actor = await actorInEnvironment(db, staff, environment);
  return audited(db, staff, 'webhook_endpoint_created', endpointDetails, () => createEndpoint(db, actor, input, clock), clock);
}

export async function updateWebEndpoint(db: Db, staff: Actor, id: string, patch: z.output<typeof WebhookEndpointUpdate>, clock: Clock = systemClock): Promise<WebhookEndpoint> {
  assertMayManageEndpoints(staff);
  const actor = await actorForEndpoint(db, staff, id);
  const details = (endpoint: WebhookEndpoint) => ({ ...endpointDetails(endpoint), changed: Object.keys(patch).sort() });
  return audited(db, staff, 'webhook_endpoint_updated', details, () => updateEndpoint(db, actor, id, patch, clock), clock);
}

export async function rotateWebEndpointSecret(db: Db, staff: Actor, id: string, password: string, clock: Clock = systemClock): Promise<EndpointWithSecret> {
  await confirmOwner(db, staff, password);
  const actor = await actorForEndpoint(db, staff, id);
  return audited(db, staff, 'webhook_secret_rotated', endpointDetails, () => rotateEndpointSecret(db, actor, id, clock), clock);
}

export async function deleteWebEndpoint(db: Db, staff: Actor, id: string, password: string, clock: Clock = systemClock): Promise<{ id: string; deleted: true }> {
  await confirmOwner(db, staff, password);
  const actor = await actorForEndpoint(db, staff, id);
  return audited(
    db,
    staff,
    'webhook_endpoint_deleted',
    () => ({ endpoint_id: id }),
    () => deleteEndpoint(db, actor, id),
    clock,
  );
}

export async function resendWebDelivery(db: Db, staff: Actor, id: string, clock: Clock = systemClock): Promise<WebhookDelivery> {
  assertMayManageEndpoints(staff);
  const actor = await actorForDelivery(db, staff, id);
  const details = (delivery: WebhookDelivery) => ({ delivery_id: delivery.id, endpoint_id: delivery.endpoint_id, event_id: delivery.event_id });
  return audited(db, staff, 'webhook_delivery_resent', details, () => resendDelivery(db, actor, id, clock), clock);
}

export async function sendWebTestEvent(db: Db, staff: Actor, endpointId: string, clock: Clock = systemClock): Promise<WebhookDelivery> {
  assertMayManageEndpoints(staff);
  const actor = await actorForEndpoint(db, staff, endpointId);
  const details = (delivery: WebhookDelivery) => ({ delivery_id: delivery.id, endpoint_id: delivery.endpoint_id, event_id: delivery.event_id });
  return audited(db, staff, 'webhook_test_sent', details, () => sendTestEvent(db, actor, endpointId, clock), clock);
}
