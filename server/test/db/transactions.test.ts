import { randomUUID } from 'node:crypto';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';

describe.each(dialects)('transactions (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);

  const company = (id: string) => suite.db.qb.insertInto('companies').values({ id, name: 'T', key_prefix: 'tx', created_at: new Date().toISOString() });
  const find = (id: string) => suite.db.first(suite.db.qb.selectFrom('companies').select('id').where('id', '=', id));

  it('runs a query on the Db from inside a transaction on that transaction, and joins a nested one', async () => {
    const id = randomUUID();
    const seen = await suite.db.transaction(async (tx) => {
      await tx.run(company(id));
      // Issued on the Db, not the tx: it must neither wait for the transaction nor miss its row.
      const inside = await find(id);
      await suite.db.transaction(async () => suite.db.run(suite.db.qb.updateTable('companies').set({ name: 'nested' }).where('id', '=', id)));
      return inside;
    });
    expect(seen).toEqual({ id });
    expect((await suite.db.first(suite.db.qb.selectFrom('companies').select('name').where('id', '=', id)))!.name).toBe('nested');
  });

  it('rolls back everything, nested work included, when the transaction throws', async () => {
    const id = randomUUID();
    await expect(
      suite.db.transaction(async () => {
        await suite.db.run(company(id));
        await suite.db.transaction(async (tx) => tx.run(suite.db.qb.updateTable('companies').set({ name: 'gone' }).where('id', '=', id)));
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
    const open = suite.db.transaction(async (tx) => {
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
