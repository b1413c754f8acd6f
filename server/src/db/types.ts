import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Tables } from './tables.js';

export type DialectName = 'sqlite' | 'postgres';
export type Query<R> = Compilable<R> | CompiledQuery<R>;

/** Runs queries built with Kysely (or raw compiled SQL) on cached prepared statements. */
export interface Queryable {
  all<R>(query: Query<R>): Promise<R[]>;
  first<R>(query: Query<R>): Promise<R | undefined>;
  /** Runs a write; answers the number of rows it changed. */
  run(query: Query<unknown>): Promise<number>;
}

export interface Db extends Queryable {
  readonly dialect: DialectName;
  /** Query builder only: build with it, run with `all`/`first`/`run`. It holds no connection. */
  readonly qb: Kysely<Tables>;
  /**
   * Runs `work` in one transaction; commits when it resolves, rolls back when it throws. Queries
   * on the Db from inside `work`'s async context run on the transaction too, and a nested call
   * joins it (ambient-transaction.ts), so no code path can wait on its own transaction.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * A cheap, exact change check on some tables, for a per-process cache of their rows: the answer
   * reads a number that changes once a write committed by any connection (this process's or
   * another's) may have changed a row of `tables`. Absent where each check would cost as much as
   * the lookup it saves (Postgres: a round trip); null while a transaction is open (ask again after).
   */
  watch?(tables: readonly WatchedTable[]): (() => number) | null;
}

/** A table whose rows a cache keeps: any insert or delete, and updates of `columns` (all when omitted). */
export interface WatchedTable {
  table: string;
  columns?: readonly string[];
}

export function compiled<R>(query: Query<R>): CompiledQuery<R> {
  return 'compile' in query ? query.compile() : query;
}
