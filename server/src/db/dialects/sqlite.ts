import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CompiledQuery } from 'kysely';
import { queryBuilder } from '../query-builder.js';
import { compiled, type Db, type Query, type Queryable, type WatchedTable } from '../types.js';
import { GroupCommit } from '../group-commit.js';
import { Mutex } from '../mutex.js';
import { withAmbientTransactions } from '../ambient-transaction.js';
import { dropSqliteSamples } from '../statistics.js';

const statementCacheSize = 500;
const identifier = /^[a-z_][a-z0-9_]*$/;

/**
 * `Db.watch` on one connection. Another connection's commit (a CLI command, another process)
 * changes `PRAGMA data_version`; this connection's own writes to the tables call back through
 * temporary triggers, which exist on this connection only and so cost the other writers nothing.
 * Each is counted as soon as it happens, before its commit: a cache refilled meanwhile reads
 * through the mutex, so after the commit; a rolled-back write only costs one refill. Read while
 * this connection's transaction is open, the version is still exact: transactions begin IMMEDIATE
 * (group-commit.ts), so no other connection commits while one is open.
 */
function watcher(raw: BetterSqlite3.Database): (tables: readonly WatchedTable[]) => (() => number) | null {
  const dataVersion = raw.prepare('PRAGMA data_version').pluck();
  let watches = 0;
  return (tables) => {
    // Triggers made inside a transaction would go with its rollback.
    if (raw.inTransaction) return null;
    const name = `studio_watch_${++watches}`;
    let generation = 0;
    let seen = dataVersion.get();
    raw.function(name, { deterministic: false }, () => {
      generation++;
      return null;
    });
    for (const { table, columns } of tables) {
      for (const part of [table, ...(columns ?? [])]) if (!identifier.test(part)) throw new Error(`not a plain identifier: ${part}`);
      const update = columns ? `UPDATE OF ${columns.join(', ')}` : 'UPDATE';
      for (const [suffix, event] of [
        ['insert', 'INSERT'],
        ['update', update],
        ['delete', 'DELETE'],
      ] as const) {
        raw.exec(`CREATE TEMP TRIGGER ${name}_${table}_${suffix} AFTER ${event} ON main.${table} BEGIN SELECT ${name}(); END`);
      }
    }
    return () => {
      const version = dataVersion.get();
      if (version !== seen) {
        seen = version;
        generation++;
      }
      return generation;
    };
  };
}

/**
 * SQLite through better-sqlite3 on one connection. Statements are synchronous; a transaction spans
 * awaits, so while one is open every query from outside it waits (the mutex), or it would read the
 * transaction's uncommitted rows or write into it. Queries from inside it run on it.
 */
export function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const raw = new BetterSqlite3(file);
  raw.pragma('journal_mode = WAL');
  // Set on every open: better-sqlite3 silently defaults WAL databases to NORMAL (docs/hardware.md §0.5).
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  dropSqliteSamples(raw);

  const statements = new Map<string, BetterSqlite3.Statement>();
  const statement = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = raw.prepare(sql);
      if (statements.size >= statementCacheSize) statements.delete(statements.keys().next().value!);
      statements.set(sql, stmt);
    }
    return stmt;
  };
  const params = (q: CompiledQuery) => q.parameters as unknown[];
  const direct: Queryable = {
    async all<R>(query: Query<R>) {
      const q = compiled(query);
      const stmt = statement(q.sql);
      if (!stmt.reader) {
        stmt.run(...params(q));
        return [];
      }
      return stmt.all(...params(q)) as R[];
    },
    async first<R>(query: Query<R>) {
      const q = compiled(query);
      const stmt = statement(q.sql);
      return stmt.reader ? (stmt.get(...params(q)) as R | undefined) : (stmt.run(...params(q)), undefined);
    },
    async run(query: Query<unknown>) {
      const q = compiled(query);
      const stmt = statement(q.sql);
      if (stmt.reader) return stmt.all(...params(q)).length;
      return stmt.run(...params(q)).changes;
    },
  };

  const mutex = new Mutex();
  // Durable commits are the cost of a write here (one fsync each): transactions that queue share one.
  const group = new GroupCommit(raw, direct, (work) => mutex.run(work));
  const outside =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      mutex.locked ? mutex.run(() => fn(...args)) : fn(...args);

  return withAmbientTransactions(
    {
      dialect: 'sqlite',
      qb: queryBuilder('sqlite'),
      close: async () => {
        await mutex.run(async () => raw.close());
      },
      watch: watcher(raw),
    },
    {
      all: outside(direct.all) as Queryable['all'],
      first: outside(direct.first) as Queryable['first'],
      run: outside(direct.run),
    },
    (work) => group.run(work),
  );
}
