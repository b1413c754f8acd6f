import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LockOrderError, lockRows } from '../../src/db/row-locks.js';
import type { Db } from '../../src/db/types.js';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';

const order = 'the order is room -> staff -> series -> class -> contact -> membership -> feed counter';

/** A company, a location and `count` contacts, ids ascending. */
async function seed(db: Db, count: number): Promise<{ companyId: string; contacts: string[] }> {
  const now = new Date().toISOString();
  const companyId = randomUUID();
  const locationId = randomUUID();
  await db.run(db.qb.insertInto('companies').values({ id: companyId, name: 'Locks', key_prefix: 'lk', created_at: now }));
  await db.run(
    db.qb.insertInto('locations').values({ id: locationId, company_id: companyId, name: 'Main', slug: 'main', timezone: 'UTC', country: 'US', address: null, settings: '{}', created_at: now }),
  );
  const contacts = Array.from({ length: count }, () => randomUUID()).sort();
  for (const id of contacts) {
    await db.run(
      db.qb.insertInto('contacts').values({
        id,
        company_id: companyId,
        location_id: locationId,
        first_name: 'Locked',
        last_name: null,
        phone: null,
        email: null,
        notes: null,
        search_text: 'locked',
        created_at: now,
        updated_at: now,
      }),
    );
  }
  return { companyId, contacts };
}

describe.each(dialects)('row locks (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let companyId: string;
  let a: string, b: string, c: string;
  beforeAll(async () => {
    const seeded = await seed(suite.db, 3);
    companyId = seeded.companyId;
    [a, b, c] = seeded.contacts as [string, string, string];
  });

  it('refuses a lock of a lower rank than one the transaction holds, naming the order', async () => {
    const attempt = suite.db.transaction(async (tx) => {
      await lockRows(tx, { membershipsOf: a });
      await lockRows(tx, { contact: a });
    });
    await expect(attempt).rejects.toThrow(LockOrderError);
    await expect(attempt).rejects.toThrow(`contact locked after membership; ${order}`);
  });

  it('takes the kinds of one call in the global order, whatever order the call names them in', async () => {
    await suite.db.transaction(async (tx) => {
      await lockRows(tx, { feedCounter: companyId, membershipsOf: [b, a], contact: [b, a], class: randomUUID() });
      // The feed counter was taken, last: nothing of a lower rank may follow it.
      await expect(lockRows(tx, { class: randomUUID() })).rejects.toThrow(`class locked after feed counter; ${order}`);
    });
  });

  it('locks several ids of one kind in ascending order: one call sorts them, a later call may only add higher ones', async () => {
    await suite.db.transaction(async (tx) => {
      await lockRows(tx, { contact: [b, a] });
      await lockRows(tx, { contact: a }); // held already: asking again is harmless
      await lockRows(tx, { contact: [c] });
    });
    await expect(
      suite.db.transaction(async (tx) => {
        await lockRows(tx, { contact: c });
        await lockRows(tx, { contact: b });
      }),
    ).rejects.toThrow('contact locked after a contact with a higher id; several rows of one kind are locked in ascending id order');
  });

  it('lets a transaction ask again for a lower-ranked row it holds, which cannot make it wait', async () => {
    await suite.db.transaction(async (tx) => {
      await lockRows(tx, { contact: a, membershipsOf: a, feedCounter: companyId });
      await lockRows(tx, { contact: a, feedCounter: companyId });
    });
  });

  it('refuses outside a transaction, where a row lock would end with its own statement', async () => {
    await expect(lockRows(suite.db, { contact: a })).rejects.toThrow('lockRows needs the Queryable of an open transaction');
  });

  it('keeps the order per transaction, also for transactions SQLite commits in one group', async () => {
    await suite.db.transaction((tx) => lockRows(tx, { feedCounter: companyId }));
    await suite.db.transaction((tx) => lockRows(tx, { class: randomUUID() }));
    // Started together, so SQLite's group commit runs them on one connection, one after the other.
    const [, second] = await Promise.allSettled([suite.db.transaction((tx) => lockRows(tx, { feedCounter: companyId })), suite.db.transaction((tx) => lockRows(tx, { contact: a }))]);
    expect(second.status).toBe('fulfilled');
  });

  it('a nested transaction shares the order of the one it joins', async () => {
    const attempt = suite.db.transaction(async (tx) => {
      await lockRows(tx, { feedCounter: companyId });
      await suite.db.transaction((nested) => lockRows(nested, { contact: a }));
    });
    await expect(attempt).rejects.toThrow(`contact locked after feed counter; ${order}`);
  });
});
