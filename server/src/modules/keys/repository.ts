import { randomUUID } from 'node:crypto';
import { ApiError, scopes as allScopes, type Scope } from '@studio/shared';
import type { Tables } from '../../db/tables.js';
import type { Db } from '../../db/types.js';
import { nowIso } from '../../clock/time.js';
import { mintKey } from './key-format.js';

export interface ApiKeyRecord {
  id: string;
  company_id: string;
  name: string;
  last4: string;
  scopes: Scope[];
  /** null: every location of the company, now and later. */
  location_ids: string[] | null;
  created_at: string;
  revoked_at: string | null;
}

export interface CreateKeyInput {
  companyId: string;
  name?: string;
  scopes: Scope[] | 'all';
  locationIds: string[] | 'all';
}

const keyColumns = ['id', 'company_id', 'name', 'last4', 'scopes', 'location_ids', 'created_at', 'revoked_at'] as const;
type KeyRow = Pick<Tables['api_keys'], (typeof keyColumns)[number]>;

function toRecord(row: KeyRow): ApiKeyRecord {
  return {
    ...row,
    scopes: JSON.parse(row.scopes) as Scope[],
    location_ids: row.location_ids === null ? null : (JSON.parse(row.location_ids) as string[]),
  };
}

/** Mints a key; the answer holds the only copy of the secret. */
export async function createKey(db: Db, input: CreateKeyInput): Promise<ApiKeyRecord & { key: string }> {
  const company = await db.first(db.qb.selectFrom('companies').select(['id', 'key_prefix']).where('id', '=', input.companyId));
  if (!company) throw new ApiError('resource_missing', `No company ${input.companyId}.`, { param: 'company' });
  const locationIds = input.locationIds === 'all' ? null : [...new Set(input.locationIds)];
  if (locationIds) {
    if (locationIds.length === 0) throw new ApiError('invalid_param', 'A key needs at least one location, or all.', { param: 'locations' });
    const found = await db.all(db.qb.selectFrom('locations').select('id').where('company_id', '=', company.id).where('id', 'in', locationIds));
    const missing = locationIds.filter((id) => !found.some((row) => row.id === id));
    if (missing.length) throw new ApiError('resource_missing', `No location ${missing.join(', ')} in company ${company.id}.`, { param: 'locations' });
  }
  const scopes = input.scopes === 'all' ? [...allScopes] : [...new Set(input.scopes)];
  if (scopes.length === 0) throw new ApiError('invalid_param', 'A key needs at least one scope, or all.', { param: 'scopes' });
  const minted = mintKey(company.key_prefix);
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
  return { ...toRecord(record), key: minted.key };
}

export async function listKeys(db: Db, companyId: string): Promise<ApiKeyRecord[]> {
  const rows = await db.all(db.qb.selectFrom('api_keys').select(keyColumns).where('company_id', '=', companyId).orderBy('created_at').orderBy('id'));
  return rows.map(toRecord);
}

/** Revokes a key; every server process refuses it from its next request. Revoking twice is a no-op. */
export async function revokeKey(db: Db, keyId: string): Promise<ApiKeyRecord> {
  await db.run(db.qb.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', keyId).where('revoked_at', 'is', null));
  const row = await db.first(db.qb.selectFrom('api_keys').select(keyColumns).where('id', '=', keyId));
  if (!row) throw new ApiError('resource_missing', `No key ${keyId}.`, { param: 'id' });
  return toRecord(row);
}
