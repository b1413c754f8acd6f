import { dialects, postgresAdminUrl, useFreshDatabase } from '@studio/testkit/server/databases';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/errors.js';
import { openDatabase } from '../../src/db/dialects/open.js';

/**
 * A Postgres restart ends every backend, also one whose connection is checked out for a
 * transaction between two of its queries. That client is outside the pool's idle error handler,
 * so its 'error' event used to be unheard and took the server process down (found by
 * `npm run chaos`). It must only fail the transaction, as a retryable error.
 */
describe.runIf(dialects.includes('postgres'))('postgres connection lost inside a transaction', () => {
  const suite = useFreshDatabase('postgres');

  it('fails the transaction cleanly and the next query gets a fresh connection', async () => {
    const outcome = await suite.db
      .transaction(async (tx) => {
        const [{ pid }] = (await tx.all(sql<{ pid: number }>`select pg_backend_pid() as pid`.compile(suite.db.qb))) as [{ pid: number }];
        const admin = new pg.Client(postgresAdminUrl);
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await admin.end();
        // The FATAL arrives while no query of ours is running: the unheard 'error' case.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.all(sql`select 1`.compile(suite.db.qb));
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(outcome).not.toBeNull();
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    const again = await suite.db.all(sql<{ one: number }>`select 1 as one`.compile(suite.db.qb));
    expect(again).toEqual([{ one: 1 }]);
  });
});

/**
 * A server stopping ends its pool while requests may still be queued on it; those are answered 503
 * `unavailable` (retry, another process or the restarted one takes it), not 500 with an error log.
 */
describe.runIf(dialects.includes('postgres'))('a postgres pool ended under a request', () => {
  const suite = useFreshDatabase('postgres');

  it('fails the query as a retryable unavailability', async () => {
    const db = await openDatabase(suite.url);
    await db.close();
    const outcome = await db.all(sql`select 1`.compile(db.qb)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
