import { ApiError, type DeviceKind, type Environment, type KeyDevice, type Scope } from '@studio/shared';
import type { ApiKeyView } from '@studio/shared/web-app';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { existingTestCompanyOf } from '../companies/environments.js';
import { recordAudit } from '../staff-accounts/audit.js';
import { reauthenticate } from '../staff-accounts/reauthenticate.js';
import { createDeviceKey, createKey, revokeKey } from './repository.js';

/**
 * API keys from the web app's Settings -> Developers, with the CLI's rules (repository.ts) and a
 * staff member's limits: an owner manages any key; a manager only keys limited to locations it
 * works at; the front desk none. Creating and revoking ask for the password again and are
 * written to the staff audit log. A session acts on live data only; its keys may be live or test
 * (kept in the company's test-mode twin, modules/companies/environments.ts).
 */

type StaffRole = 'owner' | 'manager' | 'front_desk';

function roleOf(actor: Actor): StaffRole {
  if (actor.identity.kind !== 'staff_user') throw new ApiError('role_not_allowed', 'API keys are managed by a signed-in owner or manager.');
  return actor.identity.role as StaffRole;
}

/** May the actor see and change a key with these locations? */
function mayManageKey(actor: Actor, locationIds: readonly string[] | null): boolean {
  const role = roleOf(actor);
  if (role === 'owner') return true;
  if (role !== 'manager') return false;
  if (actor.locationIds === null) return true;
  return locationIds !== null && locationIds.every((id) => actor.locationIds!.includes(id));
}

function refuseFrontDesk(actor: Actor): void {
  const role = roleOf(actor);
  if (role !== 'owner' && role !== 'manager') throw new ApiError('role_not_allowed', 'The front desk may not manage API keys; ask a manager or an owner.');
}

type KeyRow = {
  id: string;
  name: string;
  last4: string;
  scopes: string;
  location_ids: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  device_id: string | null;
  device_kind: KeyDevice['kind'] | null;
  live_company_id: string | null;
};

function toView(row: KeyRow): ApiKeyView {
  return {
    id: row.id,
    environment: row.live_company_id === null ? 'live' : 'test',
    name: row.name,
    last4: row.last4,
    scopes: JSON.parse(row.scopes) as ApiKeyView['scopes'],
    location_ids: row.location_ids === null ? null : (JSON.parse(row.location_ids) as string[]),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    device: row.device_id !== null && row.device_kind !== null ? { id: row.device_id, kind: row.device_kind } : null,
  };
}

const viewColumns = [
  'api_keys.id',
  'api_keys.name',
  'api_keys.last4',
  'api_keys.scopes',
  'api_keys.location_ids',
  'api_keys.created_at',
  'api_keys.last_used_at',
  'api_keys.revoked_at',
  'api_keys.device_id',
  'api_keys.device_kind',
  'companies.live_company_id',
] as const;

/** The actor's company's keys with their environment: its own (live) and its twin's (test), never another company's. */
const companyKeys = (db: Db, actor: Actor) =>
  db.qb
    .selectFrom('api_keys')
    .innerJoin('companies', 'companies.id', 'api_keys.company_id')
    .select(viewColumns)
    .where((eb) => eb.or([eb('companies.id', '=', actor.companyId), eb('companies.live_company_id', '=', actor.companyId)]));

async function keyRow(db: Db, actor: Actor, keyId: string): Promise<KeyRow> {
  const row = await db.first(companyKeys(db, actor).where('api_keys.id', '=', keyId));
  if (!row) throw new ApiError('resource_missing', `No such API key: ${keyId}.`, { param: 'id' });
  return row;
}

/** The company's keys of `environment` the actor may manage, oldest first, revoked ones included (marked). */
export async function listStaffKeys(db: Db, actor: Actor, environment: Environment = 'live'): Promise<ApiKeyView[]> {
  refuseFrontDesk(actor);
  const companyId = environment === 'live' ? actor.companyId : await existingTestCompanyOf(db, actor.companyId);
  if (companyId === null) return [];
  const rows = await db.all(companyKeys(db, actor).where('api_keys.company_id', '=', companyId).orderBy('api_keys.created_at').orderBy('api_keys.id'));
  return rows.map(toView).filter((key) => mayManageKey(actor, key.location_ids));
}

export async function createStaffKey(
  db: Db,
  actor: Actor,
  body: { password: string; name: string; scopes: Scope[]; location_ids: string[] | null; environment?: Environment },
  clock: Clock = systemClock,
): Promise<{ key: ApiKeyView; secret: string }> {
  refuseFrontDesk(actor);
  if (!mayManageKey(actor, body.location_ids)) {
    throw new ApiError('location_not_allowed', 'A manager may create keys only for locations it works at; choose them, or ask an owner for a key of every location.', { param: 'location_ids' });
  }
  await reauthenticate(db, actor, body.password, clock);
  return db.transaction(async (tx) => {
    const environment = body.environment ?? 'live';
    const created = await createKey(db, { companyId: actor.companyId, environment, name: body.name, scopes: body.scopes, locationIds: body.location_ids ?? 'all' });
    await recordAudit(
      db,
      tx,
      actor,
      {
        action: 'api_key_created',
        targetAccountId: null,
        details: { key_id: created.id, environment, name: created.name, last4: created.last4, scopes: created.scopes, location_ids: created.location_ids },
      },
      clock,
    );
    const { key: secret, company_id: _company, ...record } = created;
    return { key: { ...record, last_used_at: null }, secret };
  });
}

/**
 * A device key from the Devices page (issue 29): for one device of a kind at one location the
 * staff member may manage keys for, password again, audited; the secret is in this answer only.
 */
export async function createStaffDeviceKey(
  db: Db,
  actor: Actor,
  body: { password: string; location_id: string; device_id: string; kind: DeviceKind; name?: string | undefined },
  clock: Clock = systemClock,
): Promise<{ key: ApiKeyView; secret: string }> {
  refuseFrontDesk(actor);
  if (!mayManageKey(actor, [body.location_id])) {
    throw new ApiError('location_not_allowed', 'A manager may create device keys only at locations it works at; ask an owner.', { param: 'location_id' });
  }
  const location = await db.first(db.qb.selectFrom('locations').select('id').where('id', '=', body.location_id).where('company_id', '=', actor.companyId));
  if (!location) throw new ApiError('resource_missing', `No such location: ${body.location_id}.`, { param: 'location_id' });
  await reauthenticate(db, actor, body.password, clock);
  return db.transaction(async (tx) => {
    const created = await createDeviceKey(db, {
      companyId: actor.companyId,
      locationId: location.id,
      deviceId: body.device_id,
      kind: body.kind,
      ...(body.name !== undefined && { name: body.name }),
    });
    await recordAudit(
      db,
      tx,
      actor,
      { action: 'device_key_created', targetAccountId: null, details: { key_id: created.id, name: created.name, last4: created.last4, device: created.device, location_ids: created.location_ids } },
      clock,
    );
    const { key: secret, company_id: _company, ...record } = created;
    return { key: { ...record, last_used_at: null }, secret };
  });
}

/** Revokes at once (every process refuses the key from its next request); revoking twice changes nothing and logs nothing. */
export async function revokeStaffKey(db: Db, actor: Actor, keyId: string, password: string, clock: Clock = systemClock): Promise<ApiKeyView> {
  refuseFrontDesk(actor);
  const row = await keyRow(db, actor, keyId);
  if (!mayManageKey(actor, row.location_ids === null ? null : (JSON.parse(row.location_ids) as string[]))) {
    throw new ApiError('location_not_allowed', 'This key reaches locations this manager does not work at; ask an owner to revoke it.', { param: 'id' });
  }
  await reauthenticate(db, actor, password, clock);
  if (row.revoked_at !== null) return toView(row);
  await db.transaction(async (tx) => {
    await revokeKey(db, keyId);
    await recordAudit(db, tx, actor, { action: 'api_key_revoked', targetAccountId: null, details: { key_id: row.id, name: row.name, last4: row.last4 } }, clock);
  });
  return toView(await keyRow(db, actor, keyId));
}
