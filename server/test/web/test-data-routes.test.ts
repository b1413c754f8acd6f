import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCompanyOf } from '../../src/modules/companies/environments.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { rowCounts } from '../helpers/row-counts.js';
import { password, webStudio } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

/** "Delete all test data" on the Developers page, through the app as a browser sends it: session, CSRF, password, the name typed. */
describe.each(dialects)('the web route that deletes all test data (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  let twin: string;
  let name: string;
  beforeAll(async () => {
    s = await webStudio(suite.db);
    name = (await suite.db.first(suite.db.qb.selectFrom('companies').select('name').where('id', '=', s.studio.companyId)))!.name;
    twin = await testCompanyOf(suite.db, s.studio.companyId);
    await importBusiness(
      suite.db,
      {
        version: 1,
        locations: [{ ref: 'lab', name: 'Lab', slug: 'lab', timezone: 'Europe/London', country: 'GB' }],
        contacts: [
          { ref: 'a', location: 'lab', first_name: 'Ada' },
          { ref: 'b', location: 'lab', first_name: 'Ben' },
        ],
      },
      { companyId: twin },
    );
    await createKey(suite.db, { companyId: s.studio.companyId, environment: 'test', scopes: 'all', locationIds: 'all' });
  }, 60_000);
  afterAll(() => s.app.close());

  const deleteAs = async (email: string, body: Record<string, unknown>, csrf?: null) =>
    s.send({ method: 'POST', url: '/app/api/developers/test_data/delete', as: await s.signIn(email), body, ...(csrf === null && { csrf }) });
  const twinLocations = async () => (await suite.db.all(suite.db.qb.selectFrom('locations').select('id').where('company_id', '=', twin))).length;

  it('refuses a manager and a front desk, a wrong password, a name not typed exactly and a request without the CSRF token, deleting nothing', async () => {
    const before = await rowCounts(suite.db);
    const refusals = [
      [await deleteAs('mark@alder.example', { password, confirm: name }), 403, 'role_not_allowed'],
      [await deleteAs('dee@alder.example', { password, confirm: name }), 403, 'role_not_allowed'],
      [await deleteAs('olive@alder.example', { password: 'not the password', confirm: name }), 401, 'invalid_credentials'],
      [await deleteAs('olive@alder.example', { password, confirm: name.toUpperCase() }), 400, 'invalid_param'],
      [await deleteAs('olive@alder.example', { password, confirm: name }, null), 403, 'csrf_failed'],
    ] as const;
    for (const [response, status, code] of refusals) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ error: { code: string } }>().error.code).toBe(code);
    }
    // Signing in writes sessions and attempts; nothing else moved.
    const after = await rowCounts(suite.db);
    expect({ ...after, staff_sessions: 0, staff_login_attempts: 0 }).toEqual({ ...before, staff_sessions: 0, staff_login_attempts: 0 });
    expect(await twinLocations()).toBe(1);
    expect((await auditLog(suite.db, s.studio.companyId)).map((entry) => entry.action)).not.toContain('test_data_cleared');
  });

  it("deletes the owner's test data, answers the counts and keeps the test key, audited in the live log without secrets", async () => {
    const response = await deleteAs('olive@alder.example', { password, confirm: name });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      company_id: s.studio.companyId,
      test_company_id: twin,
      removed: { locations: 1, contacts: 2, import_fingerprints: 1 },
      removed_in_words: ['1 location', '2 contacts', '1 import record'],
      kept: { api_keys: 1, webhook_endpoints: 0 },
      cleared_at: new Date(s.clock.now()).toISOString(),
    });
    expect(await twinLocations()).toBe(0);
    expect(await suite.db.first(suite.db.qb.selectFrom('locations').select('id').where('id', '=', s.studio.north))).toEqual({ id: s.studio.north });
    // The hand clock stands still: every entry has the same time, so the entry is found by its action.
    const entry = (await auditLog(suite.db, s.studio.companyId)).find((row) => row.action === 'test_data_cleared');
    expect(entry).toMatchObject({ action: 'test_data_cleared', actor_account_id: s.owner.id, actor_name: 'owner' });
    expect(JSON.parse(entry!.details!)).toEqual({ test_company_id: twin, removed: { locations: 1, contacts: 2, import_fingerprints: 1 } });
    expect(entry!.details).not.toContain(password);
  });
});
