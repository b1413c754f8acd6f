import { AsyncLocalStorage } from 'node:async_hooks';
import { ownTransaction } from './transaction-scope.js';
import type { Db, Queryable } from './types.js';

/**
 * Makes every query issued inside a transaction's async context run on that transaction, and a
 * nested `transaction()` join it. Without this, a query on the Db from inside a transaction would
 * wait for the transaction to end: for ever on SQLite (its one connection is held), and on
 * Postgres whenever concurrent transactions hold every pooled connection.
 */
export function withAmbientTransactions(db: Omit<Db, 'all' | 'first' | 'run' | 'transaction'>, outside: Queryable, begin: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>): Db {
  const current = new AsyncLocalStorage<Queryable>();
  const runner = () => current.getStore() ?? outside;
  return {
    ...db,
    all: (query) => runner().all(query),
    first: (query) => runner().first(query),
    run: (query) => runner().run(query),
    transaction: (work) => {
      const open = current.getStore();
      if (open) return work(open);
      return begin((tx) => {
        const own = ownTransaction(tx, { dialect: db.dialect, qb: db.qb });
        return current.run(own, () => work(own));
      });
    },
  };
}
