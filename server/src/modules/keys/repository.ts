import { randomUUID } from 'node:crypto';
import { ApiError, deviceKeyScopes, scopes as allScopes, type DeviceKind, type Environment, type KeyDevice, type Scope } from '@studio/shared';
import type { Tables } from '../../db/tables.js';
import type { Db } from '../../db/types.js';
import { nowIso } from '../../clock/time.js';
import { companyInEnvironment } from '../companies/environments.js';
import { mintKey } from './key-format.js';

export interface ApiKeyRecord {
  id: string;
  /** The live company's id for a live key, its test-mode twin's for a test key. */
  company_id: string;
  environment: Environment;
  name: string;
  last4: string;
  scopes: Scope[];
  /** null: every location of the company, now and later. */
  location_ids: string[] | null;
  created_at: string;
  revoked_at: string | null;
  /** The device a device key is bound to; null for any other key. */
  device: KeyDevice | null;
}

export interface CreateKeyInput {
  /** The live company; a test key is minted in its test-mode twin (made on first use). */
  companyId: string;
  /** 'live' when omitted. */
  environment?: Environment;
  name?: string;
  scopes: Scope[] | 'all';
  locationIds: string[] | 'all';
}

/** A device key: bound to one device of a kind at one location, with the scopes its kind needs (shared `deviceKeyScopes`). */
export interface CreateDeviceKeyInput {
  companyId: string;
  environment?: Environment;
  name?: string;
  locationId: string;
  deviceId: string;
  kind: DeviceKind;
  /** Scopes beside its kind's, for an agent that also serves more (the one box's turnstile also runs the kiosk); its check-in rules stay its kind's. */
  alsoScopes?: Scope[];
}

const keyColumns = [
  'api_keys.id',
  'api_keys.company_id',
  'api_keys.name',
  'api_keys.last4',
  'api_keys.scopes',
  'api_keys.location_ids',
  'api_keys.created_at',
  'api_keys.revoked_at',
  'api_keys.device_id',
  'api_keys.device_kind',
] as const;
type KeyRow = Pick<Tables['api_keys'], 'id' | 'company_id' | 'name' | 'last4' | 'scopes' | 'location_ids' | 'created_at' | 'revoked_at'> & {
  device_id: string | null;
  device_kind: DeviceKind | null;
  live_company_id: string | null;
};

function toRecord({ live_company_id, device_id, device_kind, ...row }: KeyRow): ApiKeyRecord {
  return {
    ...row,
    environment: live_company_id === null ? 'live' : 'test',
    scopes: JSON.parse(row.scopes) as Scope[],
    location_ids: row.location_ids === null ? null : (JSON.parse(row.location_ids) as string[]),
    device: device_id !== null && device_kind !== null ? { id: device_id, kind: device_kind } : null,
  };
}

/** Mints a key; the answer holds the only copy of the secret. */
export async function createKey(db: Db, input: CreateKeyInput): Promise<ApiKeyRecord & { key: string }> {
  return mint(db, input, null);
}

/** Mints a device key (issue 29): the answer holds the only copy of the secret. */
export async function createDeviceKey(db: Db, input: CreateDeviceKeyInput): Promise<ApiKeyRecord & { key: string }> {
  const device = { id: requireDeviceId(input.deviceId), kind: input.kind };
  const { companyId, environment, name, locationId } = input;
  const companyOfKey = await companyInEnvironment(db, companyId, environment ?? 'live');
  await assertDeviceRegisteredAlike(db, companyOfKey, device, locationId);
  return mint(
    db,
    { companyId, environment, name: name ?? `${device.kind.replace('_', ' ')} ${device.id}`, scopes: [...deviceKeyScopes[device.kind], ...(input.alsoScopes ?? [])], locationIds: [locationId] },
    device,
  );
}

function requireDeviceId(deviceId: string): string {
  const id = deviceId.trim();
  if (id.length === 0 || id.length > 100) throw new ApiError('invalid_param', "A device id is 1 to 100 characters: the agent config's device_id.", { param: 'device_id' });
  return id;
}

/**
 * One device id is one device: every live key bound to it names the same kind and location, so a
 * second key (a rotation) cannot turn a turnstile into a desk reader or move it elsewhere.
 */
async function assertDeviceRegisteredAlike(db: Db, companyId: string, device: KeyDevice, locationId: string): Promise<void> {
  const bound = await db.all(
    db.qb.selectFrom('api_keys').select(['device_kind', 'location_ids']).where('company_id', '=', companyId).where('device_id', '=', device.id).where('revoked_at', 'is', null),
  );
  const other = bound.find((row) => row.device_kind !== device.kind || row.location_ids !== JSON.stringify([locationId]));
  if (other) {
    throw new ApiError('invalid_param', `Device "${device.id}" already has a live key of another kind or location: revoke it first, or give this device an id of its own.`, { param: 'device_id' });
  }
}

/**
 * Turns a key into a device key without changing its secret, so an agent's config keeps working
 * (docs/upgrading.md): it must hold `checkin:members` and reach the location; it is then limited to
 * that one location, its scopes as they were.
 */
export async function bindKeyToDevice(db: Db, keyId: string, binding: { deviceId: string; kind: DeviceKind; locationId?: string }): Promise<ApiKeyRecord> {
  const device = { id: requireDeviceId(binding.deviceId), kind: binding.kind };
  const row = await db.first(keysWithCompany(db).where('api_keys.id', '=', keyId));
  if (!row) throw new ApiError('resource_missing', `No key ${keyId}.`, { param: 'id' });
  const key = toRecord(row);
  if (key.revoked_at !== null) throw new ApiError('invalid_param', 'This key is revoked: mint a device key instead.', { param: 'id' });
  if (!key.scopes.includes('checkin:members')) throw new ApiError('invalid_param', 'Only a key with the scope checkin:members becomes a device key: mint a device key instead.', { param: 'id' });
  const locationId = binding.locationId ?? (key.location_ids?.length === 1 ? key.location_ids[0] : undefined);
  if (locationId === undefined) throw new ApiError('missing_field', 'This key reaches several locations: name the one its device stands at.', { param: 'location' });
  if (key.location_ids !== null && !key.location_ids.includes(locationId))
    throw new ApiError('location_not_allowed', 'The key does not reach that location: name one of its own.', { param: 'location' });
  const location = await db.first(db.qb.selectFrom('locations').select('id').where('id', '=', locationId).where('company_id', '=', key.company_id));
  if (!location) throw new ApiError('resource_missing', `No location ${locationId} in the key's company.`, { param: 'location' });
  await assertDeviceRegisteredAlike(db, key.company_id, device, locationId);
  await db.run(
    db.qb
      .updateTable('api_keys')
      .set({ device_id: device.id, device_kind: device.kind, location_ids: JSON.stringify([locationId]) })
      .where('id', '=', keyId),
  );
  return toRecord((await db.first(keysWithCompany(db).where('api_keys.id', '=', keyId)))!);
}

async function mint(db: Db, input: CreateKeyInput, device: KeyDevice | null): Promise<ApiKeyRecord & { key: string }> {
  const environment = input.environment ?? 'live';
  const live = await db.first(db.qb.selectFrom('companies').select(['id', 'live_company_id']).where('id', '=', input.companyId));
  if (!live) throw new ApiError('resource_missing', `No company ${input.companyId}.`, { param: 'company' });
  // A twin is reached through its live company only, so a key's environment is always the one asked for.
  if (live.live_company_id !== null) throw new ApiError('invalid_param', `Company ${input.companyId} is a test-mode twin: name its live company and the environment.`, { param: 'company' });
  const companyId = await companyInEnvironment(db, live.id, environment);
  const company = (await db.first(db.qb.selectFrom('companies').select(['id', 'key_prefix']).where('id', '=', companyId)))!;
  const locationIds = input.locationIds === 'all' ? null : [...new Set(input.locationIds)];
  if (locationIds) {
    if (locationIds.length === 0) throw new ApiError('invalid_param', 'A key needs at least one location, or all.', { param: 'locations' });
    const found = await db.all(db.qb.selectFrom('locations').select('id').where('company_id', '=', company.id).where('id', 'in', locationIds));
    const missing = locationIds.filter((id) => !found.some((row) => row.id === id));
    if (missing.length) throw new ApiError('resource_missing', `No location ${missing.join(', ')} in company ${company.id}.`, { param: 'locations' });
  }
  const scopes = input.scopes === 'all' ? [...allScopes] : [...new Set(input.scopes)];
  if (scopes.length === 0) throw new ApiError('invalid_param', 'A key needs at least one scope, or all.', { param: 'scopes' });
  const minted = mintKey(company.key_prefix, environment);
  const row = {
    id: randomUUID(),
    company_id: company.id,
    name: input.name ?? 'API key',
    key_hash: minted.hash,
    last4: minted.last4,
    scopes: JSON.stringify(scopes),
    location_ids: locationIds === null ? null : JSON.stringify(locationIds),
    created_at: nowIso(),
    revoked_at: null,
    device_id: device?.id ?? null,
    device_kind: device?.kind ?? null,
  };
  await db.run(db.qb.insertInto('api_keys').values(row));
  const { key_hash: _hash, ...record } = row;
  return { ...toRecord({ ...record, live_company_id: environment === 'live' ? null : live.id }), key: minted.key };
}

const keysWithCompany = (db: Db) =>
  db.qb
    .selectFrom('api_keys')
    .innerJoin('companies', 'companies.id', 'api_keys.company_id')
    .select([...keyColumns, 'companies.live_company_id']);

/** The live company's keys, live and test (its twin's), each with its environment; oldest first. */
export async function listKeys(db: Db, liveCompanyId: string): Promise<ApiKeyRecord[]> {
  const rows = await db.all(
    keysWithCompany(db)
      .where((eb) => eb.or([eb('companies.id', '=', liveCompanyId), eb('companies.live_company_id', '=', liveCompanyId)]))
      .orderBy('api_keys.created_at')
      .orderBy('api_keys.id'),
  );
  return rows.map(toRecord);
}

/** Revokes a key; every server process refuses it from its next request. Revoking twice is a no-op. */
export async function revokeKey(db: Db, keyId: string): Promise<ApiKeyRecord> {
  await db.run(db.qb.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', keyId).where('revoked_at', 'is', null));
  const row = await db.first(keysWithCompany(db).where('api_keys.id', '=', keyId));
  if (!row) throw new ApiError('resource_missing', `No key ${keyId}.`, { param: 'id' });
  return toRecord(row);
}
