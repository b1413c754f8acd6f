import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/types.js';
import { systemActor } from '../../src/domain/actor.js';
import { runIdempotent, type IdempotentRequest } from '../../src/plugins/idempotency.js';
import { signal } from '../helpers/signal.js';

/**
 * Two lock waits in an idempotent request, told apart: a duplicate waiting for the first request
 * with its key (409 `idempotency_key_in_use`), and the request's own handler waiting on a row
 * another change holds (503 `unavailable`, nothing kept, the key free for the retry). Postgres
 * only: SQLite queues writers for its one connection and never waits on a row.
 */
describe.runIf(dialects.includes('postgres'))('idempotent requests that wait on a lock (postgres)', () => {
  const suite = useFreshDatabase('postgres');
  const lockWaitMs = 300;
  let companyId: string;
  let contactId: string;

  beforeAll(async () => {
    const db = suite.db;
    const now = '2027-01-01T00:00:00.000Z';
    companyId = randomUUID();
    contactId = randomUUID();
    const locationId = randomUUID();
    await db.run(db.qb.insertInto('companies').values({ id: companyId, name: 'Waits', key_prefix: 'wt', created_at: now }));
    await db.run(
      db.qb.insertInto('locations').values({ id: locationId, company_id: companyId, name: 'Main', slug: 'main', timezone: 'UTC', country: 'US', address: null, settings: '{}', created_at: now }),
    );
    await db.run(
      db.qb.insertInto('contacts').values({
        id: contactId,
        company_id: companyId,
        location_id: locationId,
        first_name: 'Held',
        last_name: null,
        phone: null,
        email: null,
        notes: null,
        search_text: 'held',
        created_at: now,
        updated_at: now,
      }),
    );
  });

  const request = (key: string): IdempotentRequest => ({ companyId, key, method: 'POST', path: '/v1/things', body: { n: 1 }, requestId: randomUUID(), actor: systemActor(companyId, 'test') });
  const lockContact = (sql: Queryable) => sql.all(suite.db.qb.selectFrom('contacts').select('id').where('id', '=', contactId).forUpdate());
  const storedKey = (key: string) => suite.db.first(suite.db.qb.selectFrom('idempotency_keys').select(['key', 'response_status']).where('company_id', '=', companyId).where('key', '=', key));

  /** Holds the contact's row lock in a transaction of its own until `release` fires. */
  async function holdContact(): Promise<{ release: () => Promise<void> }> {
    const held = signal();
    const release = signal();
    const done = suite.db.transaction(async (sql) => {
      await lockContact(sql);
      held.fire();
      await release.promise;
    });
    await held.promise;
    return {
      release: async () => {
        release.fire();
        await done;
      },
    };
  }

  it("answers a handler's lock wait 503 unavailable, keeps nothing, and runs the retry with the same key", async () => {
    const holder = await holdContact();
    let runs = 0;
    const execute = async (sql: Queryable) => {
      runs += 1;
      await lockContact(sql);
      return { status: 201, body: { ok: true } };
    };
    const refused = await runIdempotent(suite.db, request('wait-on-row'), execute, { lockWaitMs }).catch((error: unknown) => error);
    await holder.release();
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'unavailable', status: 503 });
    expect(await storedKey('wait-on-row')).toBeUndefined();

    const retried = await runIdempotent(suite.db, request('wait-on-row'), execute, { lockWaitMs });
    expect(retried).toEqual({ status: 201, body: { ok: true }, replayed: false });
    expect(runs).toBe(2);
  });

  it('answers a duplicate that outwaits the first request with its key 409 idempotency_key_in_use', async () => {
    const firstRunning = signal();
    const finishFirst = signal();
    const first = runIdempotent(suite.db, request('slow-first'), async () => {
      firstRunning.fire();
      await finishFirst.promise;
      return { status: 201, body: { first: true } };
    });
    await firstRunning.promise;
    const duplicate = await runIdempotent(suite.db, request('slow-first'), () => Promise.reject(new Error('a duplicate must not run')), { lockWaitMs }).catch((error: unknown) => error);
    finishFirst.fire();
    expect(await first).toEqual({ status: 201, body: { first: true }, replayed: false });
    expect(duplicate).toMatchObject({ code: 'idempotency_key_in_use', status: 409 });
    expect(await runIdempotent(suite.db, request('slow-first'), () => Promise.reject(new Error('a replay must not run')))).toEqual({ status: 201, body: { first: true }, replayed: true });
  });
});
