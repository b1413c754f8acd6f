import { randomUUID } from 'node:crypto';
import { ApiError, type WebhookEndpoint, type WebhookEndpointCreate, type WebhookEndpointUpdate } from '@studio/shared';
import type { z } from 'zod';
import { systemClock, toIso, type Clock } from '../../../clock/time.js';
import type { Db } from '../../../db/types.js';
import type { Actor } from '../../../domain/actor.js';
import { environmentOf } from '../../companies/environments.js';
import { checkWebhookUrl, guardedTargets, type WebhookTargetPolicy } from '../delivery/address-guard.js';
import { assertMayManageEndpoints } from './access.js';
import { newSigningSecret, previousSecretGraceMs } from './signing-secret.js';
import { asStaffChange, type StaffConfirmation } from './staff-changes.js';
import { endpointView, type EndpointRow } from './views.js';

/**
 * Webhook endpoints of the actor's company. The company decides the environment: a test-mode twin's
 * endpoints receive test events only, a live company's live events only (companies/environments.ts).
 * The secret is answered by create and rotate only; every other answer shows its last four characters.
 * A staff member's change follows the staff rule besides (staff-changes.ts): `staff` is what its
 * request brought, the password typed again.
 */

type CreateInput = z.input<typeof WebhookEndpointCreate>;
type UpdateInput = z.output<typeof WebhookEndpointUpdate>;
export type EndpointWithSecret = WebhookEndpoint & { secret: string };

/** What the staff audit log records of an endpoint: never its secret or URL. */
const endpointDetails = (endpoint: WebhookEndpoint) => ({ endpoint_id: endpoint.id, environment: endpoint.environment, secret_last4: endpoint.secret_last4 });

/** The endpoint, within the actor's company, or 404 (an id of another company, or of the other environment, is not found). */
export async function endpointRow(db: Db, actor: Actor, id: string): Promise<EndpointRow> {
  const row = await db.first(db.qb.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('company_id', '=', actor.companyId));
  if (!row) throw new ApiError('resource_missing', `No such webhook endpoint: ${id}.`, { param: 'id' });
  return row;
}

/**
 * 422 `webhook_url_refused` for a URL the sender would refuse whatever DNS answers: a literal IP
 * host the address guard refuses (delivery/address-guard.ts). Checked before the password, so a
 * typo costs no try.
 */
function assertUrlAllowed(url: string | undefined, targets: WebhookTargetPolicy): void {
  if (url === undefined) return;
  const refused = checkWebhookUrl(url, targets);
  if (refused) throw new ApiError('webhook_url_refused', `This URL cannot receive webhooks: ${refused}.`, { param: 'url' });
}

export async function createEndpoint(
  db: Db,
  actor: Actor,
  input: CreateInput,
  clock: Clock = systemClock,
  staff?: StaffConfirmation,
  targets: WebhookTargetPolicy = guardedTargets,
): Promise<EndpointWithSecret> {
  assertMayManageEndpoints(actor);
  assertUrlAllowed(input.url, targets);
  return asStaffChange(db, actor, staff, { action: 'webhook_endpoint_created', needsPassword: true, details: endpointDetails }, () => insertEndpoint(db, actor, input, clock), clock);
}

async function insertEndpoint(db: Db, actor: Actor, input: CreateInput, clock: Clock): Promise<EndpointWithSecret> {
  const now = toIso(clock());
  const row: EndpointRow = {
    id: randomUUID(),
    company_id: actor.companyId,
    url: input.url,
    description: input.description ?? '',
    event_types: JSON.stringify(input.event_types),
    enabled: input.enabled === false ? 0 : 1,
    disabled_reason: null,
    secret: newSigningSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
    created_at: now,
    updated_at: now,
  };
  await db.run(db.qb.insertInto('webhook_endpoints').values(row));
  return { ...endpointView(row, await environmentOf(db, actor.companyId)), secret: row.secret };
}

/** Every endpoint of the company, oldest first (a company has a handful, so one list, not pages). */
export async function listEndpoints(db: Db, actor: Actor): Promise<WebhookEndpoint[]> {
  assertMayManageEndpoints(actor);
  const rows = await db.all(db.qb.selectFrom('webhook_endpoints').selectAll().where('company_id', '=', actor.companyId).orderBy('created_at').orderBy('id'));
  const environment = await environmentOf(db, actor.companyId);
  return rows.map((row) => endpointView(row, environment));
}

export async function getEndpoint(db: Db, actor: Actor, id: string): Promise<WebhookEndpoint> {
  assertMayManageEndpoints(actor);
  return endpointView(await endpointRow(db, actor, id), await environmentOf(db, actor.companyId));
}

/**
 * Changes the fields given. Enabling (again) clears why the server disabled it and its run of
 * failures. For staff, every change needs the password as making an endpoint does: enabling and
 * disabling decide whether events go out, and one rule for every write leaves none to slip through.
 */
export async function updateEndpoint(
  db: Db,
  actor: Actor,
  id: string,
  patch: UpdateInput,
  clock: Clock = systemClock,
  staff?: StaffConfirmation,
  targets: WebhookTargetPolicy = guardedTargets,
): Promise<WebhookEndpoint> {
  assertMayManageEndpoints(actor);
  assertUrlAllowed(patch.url, targets);
  const change = {
    action: 'webhook_endpoint_updated' as const,
    needsPassword: true,
    details: (endpoint: WebhookEndpoint) => ({ ...endpointDetails(endpoint), changed: Object.keys(patch).sort() }),
  };
  return asStaffChange(db, actor, staff, change, () => changeEndpoint(db, actor, id, patch, clock), clock);
}

async function changeEndpoint(db: Db, actor: Actor, id: string, patch: UpdateInput, clock: Clock): Promise<WebhookEndpoint> {
  const current = await endpointRow(db, actor, id);
  const changes: Partial<EndpointRow> = { updated_at: toIso(clock()) };
  if (patch.url !== undefined) changes.url = patch.url;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.event_types !== undefined) changes.event_types = JSON.stringify(patch.event_types);
  if (patch.enabled !== undefined) {
    changes.enabled = patch.enabled ? 1 : 0;
    // A reason is the server's (failing for days); a person's enable or disable replaces it.
    changes.disabled_reason = null;
    if (patch.enabled) changes.failing_since = null;
  }
  await db.run(db.qb.updateTable('webhook_endpoints').set(changes).where('id', '=', id).where('company_id', '=', actor.companyId));
  return endpointView({ ...current, ...changes }, await environmentOf(db, actor.companyId));
}

/**
 * A new secret, answered this once. The old one keeps signing beside it for 24 hours (a second
 * `v1,` signature), so receivers switch without dropping an event; a secret rotated out earlier
 * than that is dropped at once, as at most two secrets sign.
 */
export async function rotateEndpointSecret(db: Db, actor: Actor, id: string, clock: Clock = systemClock, staff?: StaffConfirmation): Promise<EndpointWithSecret> {
  assertMayManageEndpoints(actor);
  return asStaffChange(db, actor, staff, { action: 'webhook_secret_rotated', needsPassword: true, details: endpointDetails }, () => newSecret(db, actor, id, clock), clock);
}

async function newSecret(db: Db, actor: Actor, id: string, clock: Clock): Promise<EndpointWithSecret> {
  const current = await endpointRow(db, actor, id);
  const now = clock();
  const changes = {
    secret: newSigningSecret(),
    previous_secret: current.secret,
    previous_secret_expires_at: toIso(now + previousSecretGraceMs),
    updated_at: toIso(now),
  };
  await db.run(db.qb.updateTable('webhook_endpoints').set(changes).where('id', '=', id).where('company_id', '=', actor.companyId));
  return { ...endpointView({ ...current, ...changes }, await environmentOf(db, actor.companyId)), secret: changes.secret };
}

/**
 * Deletes the endpoint with its deliveries and their attempts. Deleted, not marked: its secret is
 * not kept once nobody may use it, and its delivery log means nothing without it. The events
 * themselves stay, listed by GET /v1/events for a reconciliation pass.
 */
export async function deleteEndpoint(db: Db, actor: Actor, id: string, clock: Clock = systemClock, staff?: StaffConfirmation): Promise<{ id: string; deleted: true }> {
  assertMayManageEndpoints(actor);
  return asStaffChange(db, actor, staff, { action: 'webhook_endpoint_deleted', needsPassword: true, details: () => ({ endpoint_id: id }) }, () => removeEndpoint(db, actor, id), clock);
}

async function removeEndpoint(db: Db, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  await endpointRow(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.run(db.qb.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).where('company_id', '=', actor.companyId));
    await tx.run(db.qb.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).where('company_id', '=', actor.companyId));
    await tx.run(db.qb.deleteFrom('webhook_endpoints').where('id', '=', id).where('company_id', '=', actor.companyId));
  });
  return { id, deleted: true };
}
