import { CompiledQuery } from 'kysely';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { queryBuilder } from './query-builder.js';
import { compiled, type DialectName, type Db, type Query } from './types.js';

/**
 * A worker thread's reads of the main thread's database. The worker compiles each query and sends
 * it over a MessagePort; the main thread runs it on its own Db (its connection, pool, locks and
 * ambient transactions) and answers the rows. A worker thus needs no connection of its own, which
 * a second SQLite writer or an in-memory database could not give it, and can only read: anything
 * but a SELECT is refused.
 */
type Request = { id: number; sql: string; parameters: readonly unknown[] };
type Answer = { id: number; rows: unknown[] } | { id: number; error: string };

const readOnly = /^\s*select\b/i;

/** What a worker needs to read the main thread's database: the port to ask on and the SQL dialect to compile for. */
export interface SharedQueries {
  port: MessagePort;
  dialect: DialectName;
}

/**
 * Main thread: a channel whose far end (`shared`, to transfer to the worker) reads `db`; `close`
 * ends it once the worker's task is over.
 */
export function shareQueries(db: Db): { shared: SharedQueries; close: () => void } {
  const channel = new MessageChannel();
  answerQueries(db, channel.port1);
  return { shared: { port: channel.port2, dialect: db.dialect }, close: () => channel.port1.close() };
}

/** Main thread: answers the reads a worker sends on `port` until the port closes. */
function answerQueries(db: Db, port: MessagePort): void {
  port.on('message', (request: Request) => {
    const answer = (message: Answer) => port.postMessage(message);
    if (!readOnly.test(request.sql)) {
      answer({ id: request.id, error: 'a worker may only read the database' });
      return;
    }
    db.all(CompiledQuery.raw(request.sql, [...request.parameters])).then(
      (rows) => answer({ id: request.id, rows }),
      (error: unknown) => answer({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** Worker thread: a Db whose reads run on the main thread's database over `port`; it cannot write. */
export function queriesThrough({ port, dialect }: SharedQueries): Db {
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  port.on('message', (answer: Answer) => {
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('rows' in answer) pending?.resolve(answer.rows);
    else pending?.reject(new Error(answer.error));
  });
  const all = <R>(query: Query<R>): Promise<R[]> => {
    const { sql, parameters } = compiled(query);
    const id = next++;
    return new Promise<R[]>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      port.postMessage({ id, sql, parameters } satisfies Request);
    });
  };
  const refuse = () => Promise.reject(new Error('a worker may only read the database'));
  return {
    dialect,
    qb: queryBuilder(dialect),
    all,
    first: async (query) => (await all(query))[0],
    run: refuse,
    transaction: refuse,
    close: async () => port.close(),
  };
}
