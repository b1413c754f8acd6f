import type { Kysely } from 'kysely';
import type { Tables } from './tables.js';
import type { DialectName, Queryable } from './types.js';

/** What a transaction's own helpers (row-locks.ts) need to know about the database it runs on. */
export interface TransactionScope {
  readonly dialect: DialectName;
  readonly qb: Kysely<Tables>;
}

const scopes = new WeakMap<Queryable, TransactionScope>();

/**
 * A Queryable of one transaction's own, by which the transaction is told apart from every other:
 * SQLite's group commit hands the same connection object to every transaction it runs, and what a
 * transaction remembers (the row locks it holds) must not leak into the next one.
 */
export function ownTransaction(tx: Queryable, scope: TransactionScope): Queryable {
  const own: Queryable = {
    all: (query) => tx.all(query),
    first: (query) => tx.first(query),
    run: (query) => tx.run(query),
  };
  scopes.set(own, scope);
  return own;
}

/** The scope of the transaction `tx` is, or undefined when `tx` is no transaction (a Db, a pool). */
export function transactionScope(tx: Queryable): TransactionScope | undefined {
  return scopes.get(tx);
}
