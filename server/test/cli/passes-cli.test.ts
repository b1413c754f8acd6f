import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import type { Db } from '../../src/db/types.js';
import { demoCompanyId } from '../../src/modules/setup/demo.js';

/** `studio passes rotate` (docs/phone-pass.md): a new pass-key epoch at one location. */
describe.each(dialects)('rotating pass keys from the CLI (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    expect((await studio('demo')).code).toBe(0);
    db = await openDatabase(database.url);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await database.drop();
  });

  const studio = (...args: string[]) => runStudio(database.url, args);

  it('starts a new epoch at the location named by its slug, the key before retiring a minute later', async () => {
    const brooklyn = (await db.first(db.qb.selectFrom('locations').select('id').where('company_id', '=', demoCompanyId).where('slug', '=', 'brooklyn')))!.id;
    const first = await studio('passes', 'rotate', '--company', demoCompanyId, '--location', 'brooklyn');
    expect(first.code, first.stderr).toBe(0);
    const rotation = JSON.parse(first.stdout) as { location_id: string; epoch: number; previous_retires_at: string };
    expect(rotation).toMatchObject({ location_id: brooklyn, epoch: 2 });
    const keys = await db.all(db.qb.selectFrom('location_pass_keys').select(['epoch', 'retired_at', 'created_at']).where('location_id', '=', brooklyn).orderBy('epoch'));
    expect(keys.map((key) => [key.epoch, key.retired_at])).toEqual([
      [1, rotation.previous_retires_at],
      [2, null],
    ]);
    expect(Date.parse(rotation.previous_retires_at) - Date.parse(keys[1]!.created_at)).toBe(60_000);
    const unknown = await studio('passes', 'rotate', '--company', demoCompanyId, '--location', 'atlantis');
    expect(unknown.code).not.toBe(0);
  });
});
