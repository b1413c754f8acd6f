import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import { demoCompanyId } from '../../src/modules/setup/demo.js';

/** `studio test-data clear`: the demo loaded into test mode, cleared, and loaded again, once. */
describe.each(dialects)('studio test-data clear (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(() => database.drop());

  const studio = (...args: string[]) => runStudio(database.url, args);
  const printed = async (...args: string[]) => {
    const outcome = await studio(...args);
    expect(outcome.code, outcome.stderr).toBe(0);
    return JSON.parse(outcome.stdout);
  };
  async function countsOf(companyId: string): Promise<{ locations: number; contacts: number; keys: number }> {
    const db = await openDatabase(database.url);
    try {
      const count = async (table: 'locations' | 'contacts' | 'api_keys') =>
        Number(
          (await db.first(
            db.qb
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('company_id', '=', companyId),
          ))!.n,
        );
      return { locations: await count('locations'), contacts: await count('contacts'), keys: await count('api_keys') };
    } finally {
      await db.close();
    }
  }

  it('asks for the name, clears the test mode only, and the demo then loads into it again, once', async () => {
    await printed('demo');
    const first = await printed('demo', '--test');
    const twin = first.company_id as string;
    const live = await countsOf(demoCompanyId);
    const loaded = await countsOf(twin);
    expect(loaded.locations).toBe(2);

    expect(await studio('test-data', 'clear', '--company', 'harbour')).toMatchObject({
      code: 1,
      stderr: `studio: To delete all test data of company ${demoCompanyId}, confirm with its name, exactly: "Harbour Fitness & Spa".\n`,
    });
    expect(await countsOf(twin)).toEqual(loaded);

    const cleared = await printed('test-data', 'clear', '--company', 'harbour', '--confirm', 'Harbour Fitness & Spa');
    expect(cleared).toMatchObject({
      company_id: demoCompanyId,
      test_company_id: twin,
      removed: { locations: 2, contacts: loaded.contacts, import_fingerprints: 1 },
      kept: { api_keys: 1, webhook_endpoints: 0 },
    });
    expect(cleared.removed_in_words[0]).toBe('2 locations');
    expect(await countsOf(twin)).toEqual({ locations: 0, contacts: 0, keys: 1 });
    expect(await countsOf(demoCompanyId)).toEqual(live);

    // The test mode is named through its live company only: its own id is no company of the CLI's.
    expect(await studio('test-data', 'clear', '--company', twin, '--confirm', 'Harbour Fitness & Spa')).toMatchObject({ code: 1, stderr: `studio: No company ${twin}.\n` });

    expect(await printed('demo', '--test')).toMatchObject({ company_id: twin, environment: 'test', created: true });
    expect(await countsOf(twin)).toEqual({ ...loaded, keys: 2 });
    expect(await printed('demo', '--test')).toMatchObject({ company_id: twin, created: false });
    expect(await countsOf(twin)).toEqual({ ...loaded, keys: 3 });
  });
});
