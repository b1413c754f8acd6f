import { ApiError, type Scope } from '@studio/shared';
import type { Tables } from '../db/tables.js';
import { prepared } from '../db/prepared.js';
import type { Db, Queryable } from '../db/types.js';
import { hashKey, hashesEqual, parseKey } from '../modules/keys/key-format.js';
import { noteAccess } from './reach.js';

export interface AuthContext {
  keyId: string;
  companyId: string;
  scopes: readonly Scope[];
  /** null: every location of the company. */
  locationIds: readonly string[] | null;
}

const bearer = /^Bearer ([^\s]+)$/;

const keyByHash = prepared((qb, hash: string) => qb.selectFrom('api_keys').select(['id', 'company_id', 'key_hash', 'scopes', 'location_ids', 'revoked_at']).where('key_hash', '=', hash));
const companyLocation = prepared((qb, id: string, companyId: string) =>
  qb.selectFrom('locations').select(['id', 'company_id', 'name', 'slug', 'timezone', 'country', 'address', 'settings']).where('id', '=', id).where('company_id', '=', companyId),
);

function unauthenticated(message: string): ApiError {
  return new ApiError('invalid_api_key', message);
}

/**
 * Looks the key up on every request (one indexed, prepared lookup): revocation in any process is
 * seen at the very next request by every other process sharing the database.
 */
export async function authenticate(db: Db, header: string | undefined): Promise<AuthContext> {
  if (!header) throw unauthenticated('No API key: send "Authorization: Bearer <key>".');
  const match = bearer.exec(header);
  if (!match) throw unauthenticated('Malformed Authorization header: expected "Bearer <key>".');
  const key = match[1]!;
  const parsed = parseKey(key);
  if (!parsed) throw unauthenticated('Malformed API key.');
  // Test keys are planned; until they exist a test key is simply an unknown key.
  if (parsed.environment !== 'live') throw unauthenticated('Unknown API key.');
  const hash = hashKey(key);
  const row = await db.first(keyByHash(db, hash));
  if (!row || !hashesEqual(row.key_hash, hash)) throw unauthenticated('Unknown API key.');
  if (row.revoked_at !== null) throw unauthenticated('This API key has been revoked.');
  return {
    keyId: row.id,
    companyId: row.company_id,
    scopes: JSON.parse(row.scopes) as Scope[],
    locationIds: row.location_ids === null ? null : (JSON.parse(row.location_ids) as string[]),
  };
}

/** Any one of `anyOf` grants the route; an empty list means any valid key (GET /ping). */
export function requireScope(auth: AuthContext, anyOf: readonly Scope[]): void {
  if (anyOf.length === 0 || anyOf.some((scope) => auth.scopes.includes(scope))) return;
  const needed = anyOf.join(' or ');
  throw new ApiError('insufficient_scope', `This key lacks the scope ${needed}.`);
}

/** True when the key may act on the location (the location is known to be the company's). */
export function mayActOn(auth: AuthContext, locationId: string): boolean {
  return auth.locationIds === null || auth.locationIds.includes(locationId);
}

export type LocationRow = Omit<Tables['locations'], 'created_at'>;

/**
 * The location a request targets: another company's or an unknown id is 404 (a key must not learn
 * what exists elsewhere); one of the company's outside the key's locations is 403.
 */
export async function requireLocation(db: Db, sql: Queryable, auth: AuthContext, locationId: string, param = 'location_id'): Promise<LocationRow> {
  const location = await sql.first(companyLocation(db, locationId, auth.companyId));
  if (!location) throw new ApiError('resource_missing', `No such location: ${locationId}.`, { param });
  assertLocationAllowed(auth, location.id, param);
  return location;
}

export function assertLocationAllowed(auth: AuthContext, locationId: string, param = 'location_id'): void {
  if (!mayActOn(auth, locationId)) {
    throw new ApiError('location_not_allowed', 'This key may not act on that location.', { param });
  }
  noteAccess(auth, { location: locationId });
}

/**
 * The locations a list may show: the one asked for (checked), else the key's own; null means
 * every location of the company.
 */
export async function visibleLocations(db: Db, sql: Queryable, auth: AuthContext, requested: string | undefined): Promise<readonly string[] | null> {
  if (requested !== undefined) return [(await requireLocation(db, sql, auth, requested)).id];
  return auth.locationIds;
}
