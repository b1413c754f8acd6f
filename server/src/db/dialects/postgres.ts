import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { queryBuilder } from '../query-builder.js';
import { withAmbientTransactions } from '../ambient-transaction.js';
import { compiled, type Db, type Query, type Queryable } from '../types.js';

// COUNT(*) and other int8 results come back as strings by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** What runs a statement: the pool (a client per query) or one transaction's client. */
interface Runner {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

/**
 * A transaction's client, one statement at a time. Handlers may `Promise.all` their reads; pg
 * queues a query sent while another runs on the same client, but deprecates that (pg@9 drops it).
 */
function oneAtATime(client: pg.PoolClient): Runner {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    query(config) {
      const next = tail.then(() => client.query(config));
      tail = next.catch(() => undefined);
      return next;
    },
  };
}

/**
 * Every query runs as a named prepared statement (about 2x a plain parameterised query here,
 * docs/performance.md); the name is derived from the SQL text so each connection prepares it once.
 */
const statementNames = new Map<string, string>();

/** The statement's name, hashed once per SQL text (a bounded memo: some texts are built with lists of any length). */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    if (statementNames.size >= 10_000) statementNames.clear();
    statementNames.set(sql, (name = 'q' + createHash('sha1').update(sql).digest('hex').slice(0, 20)));
  }
  return name;
}

function queryable(runner: Runner): Queryable {
  const exec = async (query: Query<unknown>) => {
    const q = compiled(query);
    const name = statementName(q.sql);
    return runner.query({ name, text: q.sql, values: q.parameters as unknown[] });
  };
  return {
    async all<R>(query: Query<R>) {
      return (await exec(query)).rows as R[];
    },
    async first<R>(query: Query<R>) {
      return (await exec(query)).rows[0] as R | undefined;
    },
    async run(query: Query<unknown>) {
      return (await exec(query)).rowCount ?? 0;
    },
  };
}

/**
 * A client from the pool with `onError` listening from the instant the pool hands it over. The
 * pool stops listening then; awaiting `pool.connect()` would attach ours a microtask later, and a
 * client handed over while its socket's bytes were being parsed (another query's answer
 * released it) could meet the FATAL of a Postgres restart, parsed from the same bytes, with no
 * listener: an unhandled 'error' that killed `studio serve` (found by `npm run chaos`, about one
 * run in six of postgres-restart).
 */
function checkOut(pool: pg.Pool, onError: (error: Error) => void): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) => {
    pool.connect((error, client) => {
      if (error || !client) return reject(error ?? new Error('the pool gave no client'));
      client.on('error', onError);
      resolve(client);
    });
  });
}

export function openPostgres(url: string, log?: Logger, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection (Postgres restarted) must not crash the process.
  pool.on('error', (error) => log?.warn({ err: error }, 'postgres idle client error'));
  return withAmbientTransactions(
    {
      dialect: 'postgres',
      qb: queryBuilder('postgres'),
      close: () => pool.end(),
    },
    queryable(pool),
    async (work) => {
      let broken: Error | undefined;
      // A checked-out client is outside the pool's idle error handler: a connection the database
      // ends between two queries of this transaction (a restart) emits 'error', which unheard
      // would crash the process. Heard, it only fails the transaction's next query.
      const onLost = (error: Error) => {
        broken = error;
        log?.warn({ code: (error as { code?: unknown }).code }, 'postgres connection lost inside a transaction');
      };
      const client = await checkOut(pool, onLost);
      // ROLLBACK too waits for a statement still running (a read of a Promise.all whose other read failed).
      const runner = oneAtATime(client);
      try {
        await runner.query({ text: 'BEGIN' });
        const result = await work(queryable(runner));
        await runner.query({ text: 'COMMIT' });
        return result;
      } catch (error) {
        await runner.query({ text: 'ROLLBACK' }).catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(broken);
      }
    },
  );
}
