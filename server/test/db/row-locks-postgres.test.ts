import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { isLockWaitTimeout } from '../../src/db/errors.js';
import { LockOrderError, limitLockWait, lockRows } from '../../src/db/row-locks.js';
import type { Queryable } from '../../src/db/types.js';
import { dialects, postgresAdminUrl, useFreshDatabase } from '@studio/testkit/server/databases';
import { signal } from '../helpers/signal.js';

/**
 * Row locks on Postgres, where they are real: what the API locks is held until the transaction
 * ends, and what it sorts cannot deadlock. On SQLite the one writer serialises transactions, so
 * there is nothing to wait on (row-locks.test.ts checks the order there).
 */
describe.runIf(dialects.includes('postgres'))('row locks held on postgres', () => {
  const suite = useFreshDatabase('postgres');
  let companyId: string;
  let a: string, b: string;

  beforeAll(async () => {
    const db = suite.db;
    const now = new Date().toISOString();
    companyId = randomUUID();
    const locationId = randomUUID();
    await db.run(db.qb.insertInto('companies').values({ id: companyId, name: 'Locks', key_prefix: 'lk', created_at: now }));
    await db.run(
      db.qb.insertInto('locations').values({ id: locationId, company_id: companyId, name: 'Main', slug: 'main', timezone: 'UTC', country: 'US', address: null, settings: '{}', created_at: now }),
    );
    [a, b] = [randomUUID(), randomUUID()].sort() as [string, string];
    for (const id of [a, b]) {
      const contact = { id, company_id: companyId, location_id: locationId, first_name: 'Locked', last_name: null, phone: null, email: null, notes: null, search_text: 'locked' };
      await db.run(db.qb.insertInto('contacts').values({ ...contact, created_at: now, updated_at: now }));
    }
  });

  const backendPid = async (tx: Queryable) => (await tx.first(sql<{ pid: number }>`select pg_backend_pid() as pid`.compile(suite.db.qb)))!.pid;

  /** Resolves once every one of `pids` is waiting for a lock. */
  async function waitingForLocks(pids: number[]): Promise<void> {
    const admin = new pg.Client(postgresAdminUrl);
    await admin.connect();
    try {
      for (;;) {
        const { rows } = await admin.query<{ n: number }>('select count(distinct pid)::int as n from pg_locks where not granted and pid = any($1)', [pids]);
        if (rows[0]!.n === pids.length) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await admin.end();
    }
  }

  it('holds the rows until the transaction ends: another transaction waits for them, up to its limit', async () => {
    const locked = signal();
    const release = signal();
    const holder = suite.db.transaction(async (tx) => {
      await lockRows(tx, { contact: a });
      locked.fire();
      await release.promise;
    });
    await locked.promise;
    const waiter = suite.db.transaction(async (tx) => {
      await limitLockWait(tx, 100);
      await lockRows(tx, { contact: a });
    });
    const refused = await waiter.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isLockWaitTimeout(refused)).toBe(true);
    release.fire();
    await holder;
    await suite.db.transaction((tx) => lockRows(tx, { contact: a }));
  });

  /**
   * Two transactions name rows a and b in opposite orders while a third holds both, so both queue
   * before either locks one. Locked in the order named, each would take one row when the third
   * commits and wait for the other's: a deadlock (40P01), unless one happens to take both first.
   */
  async function contendInOppositeOrders(): Promise<void> {
    const held = signal();
    const release = signal();
    const gate = suite.db.transaction(async (tx) => {
      await lockRows(tx, { contact: [a, b] });
      held.fire();
      await release.promise;
    });
    await held.promise;
    const pids: number[] = [];
    const contender = (rows: string[], started: () => void) =>
      suite.db.transaction(async (tx) => {
        pids.push(await backendPid(tx));
        started();
        await lockRows(tx, { contact: rows });
      });
    const started = [signal(), signal()] as const;
    const forward = contender([a, b], started[0].fire);
    const backward = contender([b, a], started[1].fire);
    await Promise.all(started.map((s) => s.promise));
    await waitingForLocks(pids);
    release.fire();
    await gate;
    await Promise.all([forward, backward]);
  }

  it('two transactions naming shared rows in opposite orders both commit: each locks them in id order', async () => {
    // Rounds, because in the order named the deadlock depends on which contender wakes first.
    for (let round = 0; round < 5; round++) await contendInOppositeOrders();
  });

  it('transactions that wrote rows of the company both take its feed counter, one after the other', async () => {
    // Each insert holds a key-share lock on the company row (its foreign key) until commit.
    const wrote = [signal(), signal()] as const;
    const writer = (index: 0 | 1) =>
      suite.db.transaction(async (tx) => {
        const now = new Date().toISOString();
        const id = randomUUID();
        await tx.run(suite.db.qb.insertInto('locations').values({ id, company_id: companyId, name: id, slug: id, timezone: 'UTC', country: 'US', address: null, settings: '{}', created_at: now }));
        wrote[index].fire();
        await wrote[1 - index]!.promise;
        await lockRows(tx, { feedCounter: companyId });
      });
    // Taken `for update`, each counter lock would wait for the other's key share: 40P01.
    await expect(Promise.all([writer(0), writer(1)])).resolves.toEqual([undefined, undefined]);
  });

  it('refuses a transaction that locks rows one at a time against the order, before it can deadlock', async () => {
    const firstLocked = [signal(), signal()] as const;
    const upward = suite.db.transaction(async (tx) => {
      await lockRows(tx, { contact: a });
      firstLocked[0].fire();
      await firstLocked[1].promise;
      await lockRows(tx, { contact: b }); // waits for `downward`, which holds b
    });
    const downward = suite.db.transaction(async (tx) => {
      await lockRows(tx, { contact: b });
      firstLocked[1].fire();
      await firstLocked[0].promise;
      await lockRows(tx, { contact: a });
    });
    await expect(downward).rejects.toThrow(LockOrderError);
    await expect(upward).resolves.toBeUndefined();
  });
});
