import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { businessTables, companionTables, CompanyDeletionRefused, deleteEmptyCompany } from '../../src/modules/companies/deletion.js';
import { createCompany } from '../../src/modules/companies/repository.js';
import { createKey, revokeKey } from '../../src/modules/keys/repository.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { staffAuthSettings } from '../../src/modules/staff-accounts/settings.js';
import { mintSetupLink } from '../../src/modules/staff-accounts/setup-link.js';
import { authenticate } from '../../src/plugins/auth.js';
import { refusedLeavingNoTrace, rowCounts } from '../helpers/row-counts.js';

/** Every table with a `company_id` column, as the database itself lists them. */
async function tablesWithCompanyId(db: Db): Promise<string[]> {
  const query =
    db.dialect === 'sqlite'
      ? sql<{ name: string }>`select m.name as name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and p.name = 'company_id' order by 1`
      : sql<{ name: string }>`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'company_id' order by 1`;
  return (await db.all(query.compile(db.qb))).map((row) => row.name);
}

describe.each(dialects)('deleting a company made by mistake on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);

  async function refusal(companyId: string, confirmName: string | undefined): Promise<string> {
    return (await refusedLeavingNoTrace(suite.db, CompanyDeletionRefused, () => deleteEmptyCompany(suite.db, companyId, confirmName))).message;
  }

  it('knows every table that references a company: as business that refuses, or as what goes with it', async () => {
    expect(await tablesWithCompanyId(suite.db)).toEqual([...Object.keys(businessTables), ...companionTables].sort());
  });

  it('refuses a company with any business, counting what references it, even confirmed', async () => {
    const imported = await importBusiness(suite.db, {
      version: 1,
      company: { name: 'Larch Studio', key_prefix: 'larch' },
      locations: [{ ref: 'main', name: 'Larch', slug: 'larch', timezone: 'Europe/Oslo', country: 'NO' }],
      staff: [{ ref: 'kari', first_name: 'Kari' }],
      contacts: [
        { ref: 'a', location: 'main', first_name: 'Anne' },
        { ref: 'b', location: 'main', first_name: 'Bjørn' },
      ],
    });
    expect(await refusal(imported.company_id, 'Larch Studio')).toBe(
      `company ${imported.company_id} ("Larch Studio") is not deleted: it is still referenced by 1 location, 1 staff member, 2 contacts. Only a company with none of these can be deleted; its API keys and import records go with it.`,
    );
  });

  it('asks for the name as confirmation, and names a company that does not exist', async () => {
    const company = await createCompany(suite.db, { name: 'Rowan "Gym"', key_prefix: 'rowan' });
    const hint = `to delete company ${company.id}, confirm with its name: --confirm "Rowan \\"Gym\\""`;
    expect(await refusal(company.id, undefined)).toBe(hint);
    expect(await refusal(company.id, 'rowan "gym"')).toBe(hint);
    const unknown = randomUUID();
    expect(await refusal(unknown, 'Anything')).toBe(`No company ${unknown}.`);
  });

  it('deletes an empty company with its keys, import records and owner setup link; its keys stop working and its file imports afresh', async () => {
    const onlyTheCompany = { version: 1, company: { name: 'Hazel Spa', key_prefix: 'hazel' } };
    const { company_id } = await importBusiness(suite.db, onlyTheCompany);
    const live = await createKey(suite.db, { companyId: company_id, scopes: 'all', locationIds: 'all' });
    const revoked = await createKey(suite.db, { companyId: company_id, scopes: ['read:catalog'], locationIds: 'all' });
    await revokeKey(suite.db, revoked.id);
    // A setup link minted but not used yet leaves no account: it, and its line in the audit log, go too.
    await mintSetupLink(
      suite.db,
      staffAuthSettings(() => Date.parse('2026-06-01T09:00:00.000Z')),
      company_id,
    );
    const others = await rowCounts(suite.db);

    expect(await deleteEmptyCompany(suite.db, company_id, 'Hazel Spa')).toEqual({
      id: company_id,
      name: 'Hazel Spa',
      removed: {
        member_passes: 0,
        class_reminders: 0,
        member_preferences: 0,
        member_sessions: 0,
        member_calendar_feeds: 0,
        member_sign_in_codes: 0,
        member_sign_in_attempts: 0,
        api_keys: 2,
        device_heartbeats: 0,
        idempotency_keys: 0,
        import_fingerprints: 1,
        staff_audit_log: 1,
        staff_login_attempts: 0,
        staff_password_links: 0,
        staff_setup_tokens: 1,
        webhook_attempts: 0,
        webhook_deliveries: 0,
        webhook_endpoints: 0,
        events: 0,
      },
    });
    expect(await rowCounts(suite.db)).toEqual({
      ...others,
      companies: others.companies - 1,
      api_keys: others.api_keys - 2,
      import_fingerprints: others.import_fingerprints - 1,
      staff_audit_log: others.staff_audit_log - 1,
      staff_setup_tokens: others.staff_setup_tokens - 1,
    });
    await expect(authenticate(suite.db, `Bearer ${live.key}`)).rejects.toMatchObject({ code: 'invalid_api_key' });
    // The file's fingerprint went with the company: importing it is no longer a repeat.
    expect((await importBusiness(suite.db, onlyTheCompany)).created.companies).toBe(1);
  });
});
