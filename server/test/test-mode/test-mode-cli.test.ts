import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import { demoCompanyId } from '../../src/modules/setup/demo.js';
import { authenticate } from '../../src/plugins/auth.js';

const testKeyPattern = /^harbour_sk_test_[0-9A-Za-z]{43}$/;

/** `studio demo --test`, `keys create --test`, and a twin that never shows as a business of its own. */
describe.each(dialects)('test mode in the CLI (%s)', (dialect) => {
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

  it('loads the demo into test mode once, with a test key that acts on the test data', async () => {
    expect(await printed('demo')).toMatchObject({ company_id: demoCompanyId, environment: 'live', created: true });
    const loaded = await printed('demo', '--test');
    expect(loaded).toMatchObject({ environment: 'test', created: true });
    expect(loaded.company_id).not.toBe(demoCompanyId);
    expect(loaded.key).toMatch(testKeyPattern);
    expect(await printed('demo', '--test')).toMatchObject({ company_id: loaded.company_id, created: false });

    const db = await openDatabase(database.url);
    try {
      expect(await authenticate(db, `Bearer ${loaded.key}`)).toMatchObject({ companyId: loaded.company_id, environment: 'test' });
      const slugs = async (companyId: string) => (await db.all(db.qb.selectFrom('locations').select('slug').where('company_id', '=', companyId).orderBy('slug'))).map((row) => row.slug);
      expect(await slugs(loaded.company_id)).toEqual(await slugs(demoCompanyId));
    } finally {
      await db.close();
    }
  });

  it('lists the company once, with its test mode beside it, and never resolves the twin as a company', async () => {
    const companies = (await printed('companies', 'list')) as { id: string; test_mode?: string }[];
    expect(companies).toEqual([expect.objectContaining({ id: demoCompanyId, test_mode: 'has data' })]);
    expect(await printed('companies', 'find', 'harbour')).toHaveLength(1);
    const twin = (await printed('demo', '--test')).company_id as string;
    expect(await studio('export', '--company', twin)).toMatchObject({ code: 1, stderr: `studio: No company ${twin}.\n` });
    const exported = await printed('export', '--company', 'harbour');
    expect(exported.company.id).toBe(demoCompanyId);
    // Names are looked up in live data only: the demo's contacts are in both, yet one is found.
    expect((await printed('find', 'Emma', '--company', 'harbour')).length).toBeGreaterThan(0);
    // Without --company, the search and the location list span live businesses only.
    const companiesOf = (rows: { company_id: string }[]) => [...new Set(rows.map((row) => row.company_id))];
    expect(companiesOf(await printed('find', 'Emma'))).toEqual([demoCompanyId]);
    expect(companiesOf(await printed('locations', 'list'))).toEqual([demoCompanyId]);
  });

  it("creates a test key at the test data's location, lists both environments and revokes a test key by its last four", async () => {
    const created = await printed('keys', 'create', '--company', 'harbour', '--test', '--scopes', 'read:catalog', '--locations', 'brooklyn', '--name', 'sandbox');
    expect(created).toMatchObject({ environment: 'test', name: 'sandbox', scopes: ['read:catalog'] });
    expect(created.key).toMatch(testKeyPattern);
    expect(created.location_ids).toHaveLength(1);
    expect(created.location_ids[0]).not.toBe('cbf0a9af-f340-5c03-a2e1-9aab1fe2401c');

    const listed = (await printed('keys', 'list', '--company', 'harbour')) as { id: string; environment: string; name: string }[];
    expect(listed.filter((key) => key.environment === 'live').map((key) => key.name)).toEqual(['demo']);
    // Three `demo --test` runs above, each minting a key.
    expect(listed.filter((key) => key.environment === 'test').map((key) => key.name)).toEqual(['demo', 'demo', 'demo', 'sandbox']);
    expect(await printed('keys', 'revoke', created.key.slice(-4), '--company', 'harbour')).toMatchObject({ id: created.id, environment: 'test', revoked_at: expect.any(String) });
  });
});
