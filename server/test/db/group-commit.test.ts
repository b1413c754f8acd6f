import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { GroupCommit, type GroupConnection } from '../../src/db/group-commit.js';
import type { Queryable } from '../../src/db/types.js';
import { Mutex } from '../../src/db/mutex.js';

/** A real SQLite connection whose statements are recorded, and a Queryable of raw SQL on it. */
function setup() {
  const raw = new BetterSqlite3(':memory:');
  raw.exec('create table t (n integer primary key)');
  const statements: string[] = [];
  /** Statements that fail (as on a dead disk): COMMIT throws unexecuted, ROLLBACK throws after it ran. */
  const failing = new Set<string>();
  const connection: GroupConnection = {
    exec: (sql) => {
      statements.push(sql);
      if (failing.has(sql) && sql === 'COMMIT') throw new Error('disk I/O error on COMMIT');
      raw.exec(sql);
      if (failing.has(sql)) throw new Error(`disk I/O error on ${sql}`);
    },
    get inTransaction() {
      return raw.inTransaction;
    },
  };
  const tx = { run: async (q: { sql: string }) => raw.prepare(q.sql).run().changes } as unknown as Queryable;
  const mutex = new Mutex();
  const group = new GroupCommit(connection, tx, (work) => mutex.run(work));
  const insert = (n: number) => group.run(async (t) => t.run({ sql: `insert into t values (${n})`, parameters: [], query: undefined } as never));
  const rows = () => (raw.prepare('select n from t order by n').all() as { n: number }[]).map((r) => r.n);
  return { raw, statements, failing, group, insert, rows };
}

describe('group commit', () => {
  it('runs transactions queued together in savepoints of one transaction with one COMMIT', async () => {
    const { statements, insert, rows } = setup();
    expect(await Promise.all([insert(1), insert(2), insert(3)])).toEqual([1, 1, 1]);
    expect(rows()).toEqual([1, 2, 3]);
    expect(statements.filter((s) => s === 'COMMIT')).toHaveLength(1);
    expect(statements.filter((s) => s === 'SAVEPOINT grouped')).toHaveLength(3);
  });

  it('groups transactions begun in separate callbacks of one event-loop turn, as requests read from several sockets are', async () => {
    const { statements, insert, rows } = setup();
    // Node runs each I/O callback's promises before the next callback: a group begun at once
    // would commit the first request alone before the second one's callback even ran.
    const inserts = await new Promise<Promise<number>[]>((resolve) => {
      const started: Promise<number>[] = [];
      for (let n = 1; n <= 3; n++) setImmediate(() => started.push(insert(n)) === 3 && resolve(started));
    });
    await Promise.all(inserts);
    expect(rows()).toEqual([1, 2, 3]);
    expect(statements.filter((s) => s === 'COMMIT')).toHaveLength(1);
  });

  it('rolls a failing transaction back to its savepoint and commits the others', async () => {
    const { group, insert, rows } = setup();
    const failing = group.run(async (t) => {
      await t.run({ sql: 'insert into t values (10)', parameters: [], query: undefined } as never);
      throw new Error('refused');
    });
    const results = await Promise.allSettled([insert(1), failing, insert(2)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('refused');
    expect(rows()).toEqual([1, 2]);
  });

  it('answers a caller only after the commit that holds its write', async () => {
    const { raw, group, insert } = setup();
    let committedWhenAnswered: boolean | undefined;
    const first = insert(1).then(() => (committedWhenAnswered = !raw.inTransaction));
    await Promise.all([first, insert(2), group.run(async () => 'read only')]);
    expect(committedWhenAnswered).toBe(true);
  });

  it('rejects every caller of a group whose transaction is lost, then carries on', async () => {
    const { raw, group, insert, rows } = setup();
    const before = insert(1);
    const lost = group.run(async () => {
      raw.exec('ROLLBACK'); // as SQLite does on an I/O error or a full disk
      throw new Error('disk I/O error');
    });
    const results = await Promise.allSettled([before, lost, insert(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseRejectedResult).reason.message).toBe('disk I/O error');
    expect(rows()).toEqual([2]);
    expect(await insert(3)).toBe(1);
    expect(rows()).toEqual([2, 3]);
  });

  it('rejects every caller when the commit and then the rollback fail, and neither hangs nor throws out of the committer', async () => {
    const { failing, insert, rows } = setup();
    failing.add('COMMIT').add('ROLLBACK');
    const results = await Promise.allSettled([insert(1), insert(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason.message).toBe('disk I/O error on COMMIT');
    failing.clear();
    expect(await insert(3)).toBe(1);
    expect(rows()).toEqual([3]);
  });
});
