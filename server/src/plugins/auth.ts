import { ApiError, type DeviceKind, type Environment, type Scope } from '@studio/shared';
import { prepared } from '../db/prepared.js';
import type { Db } from '../db/types.js';
import { hashKey, hashesEqual, parseKey } from '../modules/keys/key-format.js';
import { keyCacheFor } from './key-cache.js';

/** What an authenticated key grants; the routes act on it as an Actor (domain/actor.ts, `actorFromAuth`). */
export interface AuthContext {
  keyId: string;
  /** The live company for a live key, its test-mode twin for a test key. */
  companyId: string;
  environment: Environment;
  scopes: readonly Scope[];
  /** null: every location of the company. */
  locationIds: readonly string[] | null;
  /** The device a device key is bound to (migration 019); null for any other key. */
  device: { readonly id: string; readonly kind: DeviceKind } | null;
}

const bearer = /^Bearer ([^\s]+)$/;

/** With the key's company's twin mark in the same statement: the environment check costs no second lookup. */
const keyByHash = prepared((qb, hash: string) =>
  qb
    .selectFrom('api_keys')
    .innerJoin('companies', 'companies.id', 'api_keys.company_id')
    .select([
      'api_keys.id',
      'api_keys.company_id',
      'api_keys.key_hash',
      'api_keys.scopes',
      'api_keys.location_ids',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'api_keys.device_id',
      'api_keys.device_kind',
      'companies.live_company_id',
    ])
    .where('api_keys.key_hash', '=', hash),
);

/** `last_used_at` is coarse on purpose: a write per minute per key at most, never one per request. */
const lastUsedEveryMs = 60_000;
/** Keys this process is recording now or recorded within the minute, so a burst of requests writes once. */
const touchedAt = new Map<string, number>();

/**
 * Records that a key was used, after the answer's lookup and off its path: only when the stored
 * time is a minute old (read by the lookup itself), without waiting, failures only warned about
 * (a missed `last_used_at` must never refuse a request).
 */
function noteKeyUsed(db: Db, keyId: string, stored: string | null, now: number, warn: (error: unknown) => void): void {
  if (stored !== null && now - Date.parse(stored) < lastUsedEveryMs) return;
  const last = touchedAt.get(keyId);
  if (last !== undefined && now - last < lastUsedEveryMs) return;
  touchedAt.set(keyId, now);
  if (touchedAt.size > 10_000) touchedAt.clear();
  const at = new Date(now).toISOString();
  const cutoff = new Date(now - lastUsedEveryMs).toISOString();
  db.run(
    db.qb
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('id', '=', keyId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', cutoff)])),
  ).catch(warn);
}

const warnLastUsed = (error: unknown) => process.emitWarning(`Could not record when an API key was last used: ${error instanceof Error ? error.message : String(error)}`);

/** A key as looked up, with the answer every request with it gets made once. */
interface KnownKey {
  auth: Readonly<AuthContext>;
  revoked: boolean;
  lastUsedAt: string | null;
}

function knownKey(row: {
  id: string;
  company_id: string;
  scopes: string;
  location_ids: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  device_id: string | null;
  device_kind: DeviceKind | null;
  live_company_id: string | null;
}): KnownKey {
  const locationIds = row.location_ids === null ? null : Object.freeze(JSON.parse(row.location_ids) as string[]);
  const auth: AuthContext = {
    keyId: row.id,
    companyId: row.company_id,
    environment: row.live_company_id === null ? 'live' : 'test',
    scopes: Object.freeze(JSON.parse(row.scopes) as Scope[]),
    locationIds,
    device: row.device_id !== null && row.device_kind !== null ? Object.freeze({ id: row.device_id, kind: row.device_kind }) : null,
  };
  return { auth: Object.freeze(auth), revoked: row.revoked_at !== null, lastUsedAt: row.last_used_at };
}

/** The key with this hash: from the process's cache while the key tables are unchanged, else looked up. */
async function findKey(db: Db, hash: string): Promise<KnownKey | undefined> {
  const cache = keyCacheFor<KnownKey>(db);
  const cached = cache?.find(hash);
  if (cached) return cached;
  const generation = cache?.generationRead;
  const row = await db.first(keyByHash(db, hash));
  if (!row || !hashesEqual(row.key_hash, hash)) return undefined;
  const key = knownKey(row);
  if (cache) cache.keep(hash, key, generation!);
  return key;
}

function unauthenticated(message: string): ApiError {
  return new ApiError('invalid_api_key', message);
}

/**
 * Finds the key (key-cache.ts: cached per process on SQLite, behind a change check; an indexed,
 * prepared lookup per request on Postgres): revocation in any process is seen at the very next
 * request by every other process sharing the database.
 */
export async function authenticate(db: Db, header: string | undefined, warn: (error: unknown) => void = warnLastUsed): Promise<Readonly<AuthContext>> {
  if (!header) throw unauthenticated('No API key: send "Authorization: Bearer <key>".');
  const match = bearer.exec(header);
  if (!match) throw unauthenticated('Malformed Authorization header: expected "Bearer <key>".');
  const key = match[1]!;
  const parsed = parseKey(key);
  if (!parsed) throw unauthenticated('Malformed API key.');
  const found = await findKey(db, hashKey(key));
  if (!found) throw unauthenticated('Unknown API key.');
  // A test key lives in a test-mode twin and a live key never does (keys/repository.ts mints them so);
  // a row breaking that is refused rather than let a key reach the other environment's data.
  if (found.auth.environment !== parsed.environment) throw unauthenticated('Unknown API key.');
  if (found.revoked) throw unauthenticated('This API key has been revoked.');
  noteKeyUsed(db, found.auth.keyId, found.lastUsedAt, Date.now(), warn);
  return found.auth;
}

/** Any one of `anyOf` grants the route; an empty list means any valid key (GET /ping). */
export function requireScope(auth: AuthContext, anyOf: readonly Scope[]): void {
  if (anyOf.length === 0 || anyOf.some((scope) => auth.scopes.includes(scope))) return;
  const needed = anyOf.join(' or ');
  throw new ApiError('insufficient_scope', `This key lacks the scope ${needed}.`);
}
