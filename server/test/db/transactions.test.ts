import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.js';
import type { Db } from '../../src/db/types.js';
import { dialects, freshDatabase, type TestDatabase } from '../helpers/databases.js';

describe.each(dialects)('transactions (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = await openDatabase(database.url);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const company = (id: string) => db.qb.insertInto('companies').values({ id, name: 'T', key_prefix: 'tx', created_at: new Date().toISOString() });
  const find = (id: string) => db.first(db.qb.selectFrom('companies').select('id').where('id', '=', id));

  it('runs a query on the Db from inside a transaction on that transaction, and joins a nested one', async () => {
    const id = randomUUID();
    const seen = await db.transaction(async (tx) => {
      await tx.run(company(id));
      // Issued on the Db, not the tx: it must neither wait for the transaction nor miss its row.
      const inside = await find(id);
      await db.transaction(async () => db.run(db.qb.updateTable('companies').set({ name: 'nested' }).where('id', '=', id)));
      return inside;
    });
    expect(seen).toEqual({ id });
    expect((await db.first(db.qb.selectFrom('companies').select('name').where('id', '=', id)))!.name).toBe('nested');
  });

  it('rolls back everything, nested work included, when the transaction throws', async () => {
    const id = randomUUID();
    await expect(
      db.transaction(async () => {
        await db.run(company(id));
        await db.transaction(async (tx) => tx.run(db.qb.updateTable('companies').set({ name: 'gone' }).where('id', '=', id)));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await find(id)).toBeUndefined();
  });

  it('keeps queries from outside a transaction out of it', async () => {
    const id = randomUUID();
    let release!: () => void;
    let written!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inserted = new Promise<void>((resolve) => (written = resolve));
    const open = db.transaction(async (tx) => {
      await tx.run(company(id));
      written();
      await held;
    });
    await inserted;
    // Issued from outside the transaction's context while its row is uncommitted.
    const outside = find(id);
    if (dialect === 'postgres') {
      expect(await outside).toBeUndefined(); // another connection, read committed: not seen
      release();
    } else {
      release();
      expect(await outside).toEqual({ id }); // the one connection: it waited for the commit
    }
    await open;
  });
});
