import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/dialects/postgres.js';
import { openSqlite } from '../../src/db/dialects/sqlite.js';
import { migrate } from '../../src/db/migrations/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import type { Db } from '../../src/db/types.js';
import { runChecks } from '../../src/doctor/checks.js';
import { gatherFacts, systemDeps, type DoctorDeps } from '../../src/doctor/gather.js';
import { databaseDigest } from '../helpers/database-digest.js';
import { dialects, freshDatabase, type DialectName } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { loadSchemaV5 } from '../db/fixtures/load.js';

const now = new Date('2027-03-03T15:00:00.000Z');
const known = migrations.map((migration) => migration.name);
const open = (dialect: DialectName, url: string): Db => (dialect === 'sqlite' ? openSqlite(url) : openPostgres(url));

/** The system's file modes, with a fixed clock and a disk that answers what the test says (and records where it was asked). */
function depsFor(url: string, asked: string[] = []): DoctorDeps {
  return {
    ...systemDeps,
    env: { DATABASE_URL: url },
    now: () => now,
    diskSpace: (path) => (asked.push(path), { freeBytes: 20e9, totalBytes: 100e9 }),
  };
}

describe.each(dialects)('the doctor gathering facts (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
    const member = await memberBuilder(f).member({ code: 'DOC-1' });
    const visit = await f.request('POST', '/v1/members/check-in', {
      body: { location_id: f.acme.us.id, identifier: 'DOC-1', source: 'turnstile', device_id: 'turnstile-7' },
      key: await f.deviceKey('turnstile-7'),
    });
    expect(visit.body).toMatchObject({ membership_id: member.membershipId, device_id: 'turnstile-7' });
  });
  afterAll(() => f.close());

  it('reads the migrations, the newest recorded time, the agent keys and each device, and where the files are', async () => {
    const asked: string[] = [];
    const facts = await gatherFacts(depsFor(f.url, asked));
    expect(facts.database).toMatchObject({ dialect, answered: true });
    expect(facts.content!.recordedMigrations).toEqual(known);
    const newestVisit = await f.db.first(f.db.qb.selectFrom('visits').select('recorded_at').orderBy('recorded_at', 'desc'));
    expect(facts.content!.newestRow).toEqual({ at: newestVisit!.recorded_at, source: 'visits.recorded_at' });
    expect(facts.content!.devices).toEqual([{ deviceId: 'turnstile-7', lastAt: newestVisit!.recorded_at }]);
    expect(facts.content!.agentKeys).toHaveLength(4);
    if (dialect === 'sqlite') {
      expect(facts.storage).toMatchObject({ directory: dirname(f.url), directoryMode: 0o700, disk: { freeBytes: 20e9, totalBytes: 100e9 } });
      // The server holds the database open in WAL mode: its -wal and -shm files are there too.
      expect(facts.storage!.files).toEqual([f.url, `${f.url}-wal`, `${f.url}-shm`].map((path) => ({ path, mode: 0o600 })));
      expect(asked).toEqual([dirname(f.url)]);
    } else {
      expect(facts.storage).toBeNull();
      expect(asked).toEqual([]);
    }
    expect(runChecks(facts).every((check) => check.status !== 'fail')).toBe(true);
  });
});

describe.each(dialects)('the doctor on databases of other versions (%s)', (dialect) => {
  it('lists the migrations a database of schema v5 is waiting for, and changes nothing', async () => {
    const database = await freshDatabase(dialect);
    try {
      await loadSchemaV5(dialect, database.url);
      const db = open(dialect, database.url);
      const before = await databaseDigest(db);
      const facts = await gatherFacts(depsFor(database.url));
      expect(await databaseDigest(db)).toEqual(before);
      await db.close();
      const check = runChecks(facts).find((result) => result.name === 'migrations')!;
      expect(check).toMatchObject({ status: 'warn', message: expect.stringContaining(`${known.length - 5} pending (${known.slice(5).join(', ')})`) });
      expect(facts.content!.devices.map((device) => device.deviceId)).toEqual(['kiosk-london-1', 'turnstile-london-1']);
      expect(facts.content!.agentKeys.map((key) => key.name)).toEqual(['front desk', 'London turnstile']);
    } finally {
      await database.drop();
    }
  });

  it('fails a database newer than the code', async () => {
    const database = await freshDatabase(dialect);
    try {
      const db = open(dialect, database.url);
      await migrate(db, [...migrations, { name: '999-from-the-future', up: async () => undefined }]);
      await db.close();
      const results = runChecks(await gatherFacts(depsFor(database.url)));
      expect(results.find((result) => result.name === 'migrations')).toMatchObject({ status: 'fail', message: expect.stringContaining("(migration 999 'from-the-future')") });
    } finally {
      await database.drop();
    }
  });
});

describe('the doctor on a SQLite file that is not there', () => {
  it('fails the database check and does not create the file', async () => {
    const database = await freshDatabase('sqlite');
    try {
      const facts = await gatherFacts(depsFor(database.url));
      expect(facts.database).toMatchObject({ answered: false, problem: expect.stringContaining('no database file there') });
      expect(existsSync(database.url)).toBe(false);
      expect(facts.storage).toMatchObject({ directoryMode: 0o700, files: [] });
    } finally {
      await database.drop();
    }
  });
});
