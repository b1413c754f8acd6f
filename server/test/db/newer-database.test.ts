import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/dialects/postgres.js';
import { openSqlite } from '../../src/db/dialects/sqlite.js';
import { migrate, type Migration } from '../../src/db/migrations/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { DatabaseNewerThanCode, newerDatabaseMessage, unknownMigrations } from '../../src/db/migrations/newer-database.js';
import { openDatabase } from '../../src/db/dialects/open.js';
import type { Db } from '../../src/db/types.js';
import { databaseDigest } from '../helpers/database-digest.js';
import { dialects, freshDatabase, type DialectName, type TestDatabase } from '@studio/testkit/server/databases';
import { studioServerBin } from '@studio/testkit/server/processes';

/** A migration a later version of the code adds: this code does not know it. */
const fromTheFuture: Migration = {
  name: '999-from-the-future',
  async up(tx, db) {
    await tx.run(db.qb.schema.createTable('future_things').addColumn('id', 'text', (c) => c.primaryKey()));
  },
};
const knownUpTo = migrations.at(-1)!.name.slice(0, 3);

const open = (dialect: DialectName, url: string): Db => (dialect === 'sqlite' ? openSqlite(url) : openPostgres(url));

/** Every column of every table, so a refused start is seen to leave the schema as it was too. */
async function schemaOf(db: Db): Promise<string[]> {
  const query =
    db.dialect === 'sqlite'
      ? sql<{ entry: string }>`select m.name || '.' || p.name as entry from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' order by 1`
      : sql<{ entry: string }>`select table_name || '.' || column_name as entry from information_schema.columns where table_schema = current_schema() order by 1`;
  return (await db.all(query.compile(db.qb))).map((row) => row.entry);
}

describe('the message for a database newer than the code', () => {
  it('names the unknown migrations by number and name, and the newest migration this code knows', () => {
    expect(newerDatabaseMessage(['009-xyz'], ['001-a', '007-b'])).toBe(
      "This database was upgraded by a newer version of Studio check-in (migration 009 'xyz'); this version knows up to 007. Install the newer version or restore a backup made before the upgrade.",
    );
    expect(newerDatabaseMessage(['009-xyz', '010-abc'], ['001-a'])).toContain("(migrations 009 'xyz', 010 'abc'); this version knows up to 001.");
  });

  it('finds recorded migrations the code lacks, in order, whatever order they were read in', () => {
    expect(unknownMigrations(['010-b', '001-a', '009-c'], ['001-a', '002-d'])).toEqual(['009-c', '010-b']);
    expect(unknownMigrations(['001-a'], ['001-a', '002-d'])).toEqual([]);
  });
});

describe.each(dialects)('a database newer than the code (%s)', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    const newer = open(dialect, database.url);
    await migrate(newer, [...migrations, fromTheFuture]);
    await newer.close();
  });
  afterEach(() => database.drop());

  it('is refused by migrate with the clear message, changing no row and no column', async () => {
    const db = open(dialect, database.url);
    try {
      const rowsBefore = await databaseDigest(db);
      const schemaBefore = await schemaOf(db);
      const refusal = await migrate(db).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DatabaseNewerThanCode);
      expect((refusal as Error).message).toBe(
        `This database was upgraded by a newer version of Studio check-in (migration 999 'from-the-future'); this version knows up to ${knownUpTo}. Install the newer version or restore a backup made before the upgrade.`,
      );
      expect(await databaseDigest(db)).toEqual(rowsBefore);
      expect(await schemaOf(db)).toEqual(schemaBefore);
    } finally {
      await db.close();
    }
  });

  it('is refused before a migration this code still has to apply runs', async () => {
    // Recorded by the newer version but not here: the code's newest migration stays pending.
    const db = open(dialect, database.url);
    const newest = migrations.at(-1)!.name;
    await db.run(db.qb.deleteFrom('schema_migrations').where('name', '=', newest));
    await db.close();
    await expect(openDatabase(database.url)).rejects.toThrow(DatabaseNewerThanCode);
    const after = open(dialect, database.url);
    expect(await after.first(after.qb.selectFrom('schema_migrations').select('name').where('name', '=', newest))).toBeUndefined();
    await after.close();
  });

  it('makes `studio serve` exit 1 with the message on stderr, before it listens', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: database.url, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' };
    // A server that starts would run until the timeout kills it: the test then fails on the code.
    const outcome = await run(process.execPath, [studioServerBin, 'serve'], { env, timeout: 30_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toBe(
      `studio: This database was upgraded by a newer version of Studio check-in (migration 999 'from-the-future'); this version knows up to ${knownUpTo}. Install the newer version or restore a backup made before the upgrade.\n`,
    );
  });
});
