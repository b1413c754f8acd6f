import { createHash } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { isLockWaitTimeout } from '../db/errors.js';
import { prepared } from '../db/prepared.js';
import { limitLockWait } from '../db/row-locks.js';
import type { Db, Queryable } from '../db/types.js';
import { nowIso } from '../clock/time.js';
import { accessChecks, type AccessCheck } from '../domain/access-notes.js';
import type { Actor } from '../domain/actor.js';
import { RecordedRefusal } from '../domain/recorded-refusal.js';
import { contactsInReach } from '../modules/locations/reach.js';
import { envelope } from './envelope.js';

/**
 * How long a transaction waits on Postgres for a row lock: a duplicate for the first request with
 * its key (then 409 `idempotency_key_in_use`), or the handler for a row another change holds (then
 * 503 `unavailable`, nothing written, the key free for the retry).
 */
const lockWaitMs = 10_000;
const keptForMs = 48 * 3600_000;

export interface IdempotentRequest {
  companyId: string;
  key: string;
  method: string;
  path: string;
  body: unknown;
  requestId: string;
  /** The key asking, as the actor its handler acts as: a replay is answered only if it could have been given the stored answer. */
  actor: Actor;
}

/** An answer as a route gives it and a replay repeats it. */
export interface Reply {
  status: number;
  body: unknown;
}

export type IdempotentReply = Reply & { replayed: boolean };

/** JSON with object keys sorted at every depth, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function validateIdempotencyKey(key: string | string[] | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
    throw new ApiError('invalid_param', 'Idempotency-Key must be 1 to 255 characters.', { param: 'Idempotency-Key' });
  }
  return key;
}

/** Answers worth replaying: successes and business refusals. Not 401/403/429, validation 400s or 5xx. */
function storable(status: number): boolean {
  return (status >= 200 && status < 300) || status === 404 || status === 409 || status === 422;
}

/** The claim of a key: a row without an answer yet, or nothing when the key is claimed already. */
const claimKey = prepared((qb, companyId: string, key: string, method: string, path: string, requestHash: string, createdAt: string) =>
  qb
    .insertInto('idempotency_keys')
    .values({ company_id: companyId, key, method, path, request_hash: requestHash, response_status: null, response_body: null, access_checks: null, created_at: createdAt })
    .onConflict((oc) => oc.columns(['company_id', 'key']).doNothing()),
);

const recordReply = prepared((qb, status: number, body: string, accessChecks: string, companyId: string, key: string) =>
  qb.updateTable('idempotency_keys').set({ response_status: status, response_body: body, access_checks: accessChecks }).where('company_id', '=', companyId).where('key', '=', key),
);

class Unstored {
  constructor(readonly reply: Reply) {}
}

class Refused {
  constructor(readonly error: RecordedRefusal) {}
}

/**
 * Runs `execute` at most once per (company, key) (docs/api-decisions.md, Idempotency). The claim row and
 * the handler's writes commit in one transaction, so a stored answer always matches what was
 * written, and a crash leaves neither. A concurrent duplicate blocks on the claim's unique index
 * until the first commits, then replays its answer.
 */
export async function runIdempotent(db: Db, request: IdempotentRequest, execute: (sql: Queryable) => Promise<Reply>, options: { lockWaitMs?: number } = {}): Promise<IdempotentReply> {
  const requestHash = createHash('sha256').update(canonicalJson(request.body)).digest('hex');
  const claim = claimKey(db, request.companyId, request.key, request.method, request.path, requestHash, nowIso());
  const record = (reply: Reply, sql: Queryable) => sql.run(recordReply(db, reply.status, JSON.stringify(reply.body), JSON.stringify(accessChecks(request.actor)), request.companyId, request.key));

  // Whether the claim was won: a lock wait that times out after it was the handler's, not a duplicate's.
  let claimed = false;
  try {
    const result = await db.transaction(async (sql): Promise<IdempotentReply | Refused> => {
      await limitLockWait(sql, options.lockWaitMs ?? lockWaitMs);
      if ((await sql.run(claim)) === 0) return replay(db, sql, request, requestHash);
      claimed = true;
      let reply: Reply;
      try {
        reply = await execute(sql);
      } catch (error) {
        if (!(error instanceof RecordedRefusal)) throw error;
        // The refusal's own writes (an audit row) commit together with the answer to replay.
        await record({ status: error.status, body: envelope(error, request.requestId) }, sql);
        return new Refused(error);
      }
      if (!storable(reply.status)) throw new Unstored(reply);
      await record(reply, sql);
      return { ...reply, replayed: false };
    });
    if (result instanceof Refused) throw result.error;
    return result;
  } catch (error) {
    if (error instanceof Unstored) return { ...error.reply, replayed: false };
    if (isLockWaitTimeout(error)) {
      if (claimed)
        throw new ApiError('unavailable', 'Another change to the same records took too long to finish; nothing was written. Retry shortly with the same Idempotency-Key.', { retryAfter: 1 });
      throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still running; retry shortly.');
    }
    if (error instanceof ApiError && !(error instanceof RecordedRefusal) && storable(error.status) && error.code !== 'idempotency_key_in_use' && error.code !== 'idempotency_key_reused') {
      // The handler's writes were rolled back; the refusal itself is still the answer to replay.
      const reply = { status: error.status, body: envelope(error, request.requestId) };
      await db.transaction(async (sql) => {
        if ((await sql.run(claim)) === 1) await record(reply, sql);
      });
    }
    throw error;
  }
}

async function replay(db: Db, sql: Queryable, request: IdempotentRequest, requestHash: string): Promise<IdempotentReply> {
  const stored = await sql.first(db.qb.selectFrom('idempotency_keys').selectAll().where('company_id', '=', request.companyId).where('key', '=', request.key));
  if (!stored || stored.method !== request.method || stored.path !== request.path || stored.request_hash !== requestHash) {
    throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with another request body or endpoint.', {
      param: 'Idempotency-Key',
    });
  }
  if (stored.response_status === null || stored.response_body === null) {
    throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still running; retry shortly.');
  }
  // The key is the company's, so another key of the company may replay it: not to show it what it may not read.
  const refused = await failedCheck(db, sql, request.actor, JSON.parse(stored.access_checks ?? '[]') as AccessCheck[]);
  if (refused) throw refused;
  return { status: stored.response_status, body: JSON.parse(stored.response_body), replayed: true };
}

/** The first of `checks` the actor fails, as the error its own request would have met; null when all hold. */
async function failedCheck(db: Db, sql: Queryable, actor: Actor, checks: readonly AccessCheck[]): Promise<ApiError | null> {
  for (const check of checks) {
    if ('scope' in check && !actor.scopes.includes(check.scope)) {
      return new ApiError('insufficient_scope', `The stored answer shows what only a key with ${check.scope} may read.`);
    }
    if ('location' in check && actor.locationIds !== null && !actor.locationIds.includes(check.location)) {
      return new ApiError('location_not_allowed', 'The stored answer concerns a location this key may not act on.');
    }
    if ('contact' in check && !(await contactsInReach(db, sql, actor, [check.contact])).has(check.contact)) {
      return new ApiError('location_not_allowed', 'The stored answer concerns a contact outside the locations this key may act on.');
    }
  }
  return null;
}

/** Forgets keys well past the 24 hours they are promised for. */
export async function sweepIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - keptForMs).toISOString();
  return db.run(db.qb.deleteFrom('idempotency_keys').where('created_at', '<', cutoff));
}
