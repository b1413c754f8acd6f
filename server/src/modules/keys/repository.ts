import { randomUUID } from 'node:crypto';
import { ApiError, scopes as allScopes, type Environment, type Scope } from '@studio/shared';
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

const keyColumns = ['api_keys.id', 'api_keys.company_id', 'api_keys.name', 'api_keys.last4', 'api_keys.scopes', 'api_keys.location_ids', 'api_keys.created_at', 'api_keys.revoked_at'] as const;
type KeyRow = Pick<Tables['api_keys'], 'id' | 'company_id' | 'name' | 'last4' | 'scopes' | 'location_ids' | 'created_at' | 'revoked_at'> & { live_company_id: string | null };

function toRecord({ live_company_id, ...row }: KeyRow): ApiKeyRecord {
  return {
    ...row,
    environment: live_company_id === null ? 'live' : 'test',
    scopes: JSON.parse(row.scopes) as Scope[],
    location_ids: row.location_ids === null ? null : (JSON.parse(row.location_ids) as string[]),
  };
}

/** Mints a key; the answer holds the only copy of the secret. */
export async function createKey(db: Db, input: CreateKeyInput): Promise<ApiKeyRecord & { key: string }> {
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
