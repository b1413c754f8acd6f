import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/dialects/postgres.js';
import { openSqlite } from '../../src/db/dialects/sqlite.js';
import { migrate } from '../../src/db/migrations/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { openDatabase } from '../../src/db/dialects/open.js';
import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';

interface Printed {
  ok: boolean;
  checks: { name: string; status: string; message: string }[];
}

describe.each(dialects)('studio doctor on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await freshDatabase(dialect);
  });
  afterEach(() => database.drop());

  it('checks a working installation: JSON with --json, one line per check without, exit 0 when nothing fails', async () => {
    await (await openDatabase(database.url)).close();
    const json = await runStudio(database.url, ['doctor', '--json']);
    const printed = JSON.parse(json.stdout) as Printed;
    expect(printed.checks.map((check) => check.name)).toEqual(['config', 'database', 'migrations', 'disk', 'permissions', 'clock', 'agents']);
    expect(printed.checks.find((check) => check.name === 'database')!.status).toBe('ok');
    expect(printed.checks.find((check) => check.name === 'migrations')).toMatchObject({ status: 'ok', message: `current: ${migrations.length} applied, the newest ${migrations.at(-1)!.name}` });
    // The machine's own disk and clock decide the rest: the exit code must agree with them.
    const failed = printed.checks.some((check) => check.status === 'fail');
    expect(printed.ok).toBe(!failed);
    expect(json.code).toBe(failed ? 1 : 0);

    const text = await runStudio(database.url, ['doctor']);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines.every((line) => /^(ok|warn|fail|skip) +[a-z]+ +\S/.test(line))).toBe(true);
    expect(lines[1]).toMatch(/^ok {4}database +(SQLite|Postgres) .* opens and answers/);
    expect(text.code).toBe(json.code);
  });

  it('fails, exit 1, on a database a newer version upgraded, and leaves it as it was', async () => {
    const db = dialect === 'sqlite' ? openSqlite(database.url) : openPostgres(database.url);
    await migrate(db, [...migrations, { name: '999-from-the-future', up: async () => undefined }]);
    const run = await runStudio(database.url, ['doctor']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("fail  migrations   This database was upgraded by a newer version of Studio check-in (migration 999 'from-the-future')");
    expect(run.stderr).toBe('');
    expect(await db.all(db.qb.selectFrom('schema_migrations').select('name'))).toHaveLength(migrations.length + 1);
    await db.close();
  });
});

describe('studio doctor without a database', () => {
  it('fails the database check, exit 1, and creates no file', async () => {
    const database = await freshDatabase('sqlite');
    const run = await runStudio(database.url, ['doctor', '--json']);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as Printed).checks[1]).toMatchObject({ name: 'database', status: 'fail', message: expect.stringContaining('no database file there') });
    await database.drop();
  });
});
