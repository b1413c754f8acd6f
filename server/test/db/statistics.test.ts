import { freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import { refreshStatistics } from '../../src/db/statistics.js';
import type { Db } from '../../src/db/types.js';

const count = async (db: Db, table: string) => Number((await db.first(sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.compile(db.qb)))!.n);

/** Enough rows in an indexed table for ANALYZE to take samples. */
async function indexedRows(db: Db): Promise<void> {
  await db.run(sql`create table things (id integer primary key, kind text not null)`.compile(db.qb));
  await db.run(sql`create index things_kind on things (kind)`.compile(db.qb));
  for (let i = 0; i < 200; i++) await db.run(sql`insert into things (kind) values (${`kind-${i % 7}`})`.compile(db.qb));
}

describe('planner statistics on SQLite', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase('sqlite');
  });
  afterEach(() => database.drop());

  it('keeps the row counts of ANALYZE but not its samples, which made SQLite re-prepare every hot-path statement', async () => {
    const db = await openDatabase(database.url);
    await indexedRows(db);
    await refreshStatistics(db, 'all');
    expect(await count(db, 'sqlite_stat1')).toBeGreaterThan(0);
    expect(await count(db, 'sqlite_stat4')).toBe(0);
    await db.close();
  });

  it('refreshes no table on a database never analyzed, which has no samples table (an import of a company alone)', async () => {
    const db = await openDatabase(database.url);
    await expect(refreshStatistics(db, [])).resolves.toBeUndefined();
    await indexedRows(db);
    await refreshStatistics(db, ['things']);
    expect(await count(db, 'sqlite_stat1')).toBeGreaterThan(0);
    await db.close();
  });

  it('drops the samples of a database analyzed elsewhere when it opens', async () => {
    const db = await openDatabase(database.url);
    await indexedRows(db);
    await db.close();
    const raw = new Database(database.url);
    raw.exec('analyze');
    expect((raw.prepare('select count(*) as n from sqlite_stat4').get() as { n: number }).n).toBeGreaterThan(0);
    raw.close();
    const reopened = await openDatabase(database.url);
    expect(await count(reopened, 'sqlite_stat1')).toBeGreaterThan(0);
    expect(await count(reopened, 'sqlite_stat4')).toBe(0);
    await reopened.close();
  });
});
