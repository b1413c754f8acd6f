import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { CompanyDeletionRefused, deleteEmptyCompany } from '../../src/modules/companies/deletion.js';
import { testCompanyOf } from '../../src/modules/companies/environments.js';
import { createCompany } from '../../src/modules/companies/repository.js';
import { hashKey } from '../../src/modules/keys/key-format.js';
import { createKey, listKeys, revokeKey } from '../../src/modules/keys/repository.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { authenticate } from '../../src/plugins/auth.js';

const testKeyPattern = /^pine_sk_test_[0-9A-Za-z]{43}$/;

describe.each(dialects)('test-mode keys (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);

  it("mints a test key in the company's twin, made once, and authenticates it as test", async () => {
    const company = await createCompany(suite.db, { name: 'Pine Gym', key_prefix: 'pine' });
    const first = await createKey(suite.db, { companyId: company.id, environment: 'test', scopes: 'all', locationIds: 'all' });
    const second = await createKey(suite.db, { companyId: company.id, environment: 'test', scopes: ['read:catalog'], locationIds: 'all' });
    const twin = await testCompanyOf(suite.db, company.id);
    expect(first).toMatchObject({ company_id: twin, environment: 'test' });
    expect(second.company_id).toBe(twin);
    expect(twin).not.toBe(company.id);
    expect(first.key).toMatch(testKeyPattern);
    expect(await authenticate(suite.db, `Bearer ${first.key}`)).toMatchObject({ companyId: twin, environment: 'test', locationIds: null });

    const live = await createKey(suite.db, { companyId: company.id, scopes: 'all', locationIds: 'all' });
    expect(live).toMatchObject({ company_id: company.id, environment: 'live' });
    expect(await authenticate(suite.db, `Bearer ${live.key}`)).toMatchObject({ companyId: company.id, environment: 'live' });
    // The CLI's list: both environments, each key marked.
    expect(Object.fromEntries((await listKeys(suite.db, company.id)).map((key) => [key.id, key.environment]))).toEqual({ [first.id]: 'test', [second.id]: 'test', [live.id]: 'live' });
    await revokeKey(suite.db, first.id);
    await expect(authenticate(suite.db, `Bearer ${first.key}`)).rejects.toMatchObject({ code: 'invalid_api_key', message: 'This API key has been revoked.' });
  });

  it('refuses a key whose label and company disagree: a live-labelled key in a twin, a test-labelled one in a live company', async () => {
    const company = await createCompany(suite.db, { name: 'Birch Gym', key_prefix: 'birch' });
    const twin = await testCompanyOf(suite.db, company.id);
    const plant = async (companyId: string, key: string) =>
      suite.db.run(
        suite.db.qb.insertInto('api_keys').values({
          id: crypto.randomUUID(),
          company_id: companyId,
          name: 'planted',
          key_hash: hashKey(key),
          last4: key.slice(-4),
          scopes: '["read:catalog"]',
          location_ids: null,
          created_at: new Date(0).toISOString(),
          revoked_at: null,
        }),
      );
    const liveLabelInTwin = `birch_sk_live_${'A'.repeat(43)}`;
    const testLabelInLive = `birch_sk_test_${'B'.repeat(43)}`;
    await plant(twin, liveLabelInTwin);
    await plant(company.id, testLabelInLive);
    for (const key of [liveLabelInTwin, testLabelInLive]) {
      await expect(authenticate(suite.db, `Bearer ${key}`)).rejects.toMatchObject({ code: 'invalid_api_key', message: 'Unknown API key.' });
    }
  });

  it('refuses to mint a key naming a twin: keys are asked of the live company with an environment', async () => {
    const company = await createCompany(suite.db, { name: 'Aspen Gym', key_prefix: 'aspen' });
    const twin = await testCompanyOf(suite.db, company.id);
    for (const environment of ['live', 'test'] as const) {
      await expect(createKey(suite.db, { companyId: twin, environment, scopes: 'all', locationIds: 'all' })).rejects.toMatchObject({ code: 'invalid_param' });
    }
  });

  it('a test key limited to locations takes locations of the test data, not live ones', async () => {
    const file = { version: 1, company: { name: 'Elm Gym', key_prefix: 'elm' }, locations: [{ ref: 'main', name: 'Elm', slug: 'elm', timezone: 'Europe/Oslo', country: 'NO' }] };
    const { company_id, ids } = await importBusiness(suite.db, file);
    const liveLocation = ids.locations!.main!;
    await expect(createKey(suite.db, { companyId: company_id, environment: 'test', scopes: 'all', locationIds: [liveLocation] })).rejects.toMatchObject({ code: 'resource_missing' });
    const twin = await testCompanyOf(suite.db, company_id);
    const testData = await importBusiness(suite.db, { version: 1, locations: file.locations }, { companyId: twin });
    const key = await createKey(suite.db, { companyId: company_id, environment: 'test', scopes: 'all', locationIds: [testData.ids.locations!.main!] });
    expect(key).toMatchObject({ company_id: twin, location_ids: [testData.ids.locations!.main!] });
  });

  it('deletes an empty company with its empty twin and its keys; refuses while the twin holds test data, and never deletes a twin alone', async () => {
    const empty = await createCompany(suite.db, { name: 'Oak Gym', key_prefix: 'oak' });
    const testKey = await createKey(suite.db, { companyId: empty.id, environment: 'test', scopes: 'all', locationIds: 'all' });
    const twin = testKey.company_id;
    await expect(deleteEmptyCompany(suite.db, twin, 'Oak Gym')).rejects.toThrow(`company ${twin} is the test mode of company ${empty.id}; it is deleted with that company.`);
    const deleted = await deleteEmptyCompany(suite.db, empty.id, 'Oak Gym');
    expect(deleted.test_mode).toMatchObject({ id: twin, removed: { api_keys: 1 } });
    expect(await suite.db.all(suite.db.qb.selectFrom('companies').select('id').where('id', 'in', [empty.id, twin]))).toEqual([]);
    await expect(authenticate(suite.db, `Bearer ${testKey.key}`)).rejects.toMatchObject({ code: 'invalid_api_key' });

    const withTestData = await createCompany(suite.db, { name: 'Yew Gym', key_prefix: 'yew' });
    const yewTwin = await testCompanyOf(suite.db, withTestData.id);
    await importBusiness(suite.db, { version: 1, locations: [{ ref: 'main', name: 'Yew', slug: 'yew', timezone: 'Europe/Oslo', country: 'NO' }] }, { companyId: yewTwin });
    const refused = deleteEmptyCompany(suite.db, withTestData.id, 'Yew Gym');
    await expect(refused).rejects.toBeInstanceOf(CompanyDeletionRefused);
    await expect(refused).rejects.toThrow(`company ${withTestData.id} ("Yew Gym") is not deleted: its test mode holds 1 location.`);
    expect(await suite.db.all(suite.db.qb.selectFrom('companies').select('id').where('id', 'in', [withTestData.id, yewTwin]))).toHaveLength(2);
  });
});
