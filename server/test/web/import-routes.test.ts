import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { databaseDigest } from '../helpers/database-digest.js';
import { password, webStudio, type Browser } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;
type ErrorBody = { error: { code: string; message: string; problems?: string[] } };

/** A file adding a class series, a plan and a member at the studio's existing North location. */
function addition() {
  return {
    version: 1,
    existing: { locations: [{ ref: 'north', slug: 'north' }], contacts: [] as { ref: string; email: string }[] },
    staff: [{ ref: 'rae', first_name: 'Rae', last_name: 'Moss' }],
    services: [{ ref: 'pilates', location: 'north', name: 'Reformer Pilates', kind: 'class', duration_minutes: 50, price_cents: 2500, staff: ['rae'] }],
    membership_plans: [{ ref: 'pilates-8', location: 'north', name: 'Pilates eight', price_cents: 11000, billing_interval: 'monthly', covered_services: ['pilates'] }],
    contacts: [{ ref: 'ivy', location: 'north', first_name: 'Ivy', email: 'ivy@example.com' }],
    memberships: [{ contact: 'ivy', plan: 'pilates-8', start_date: '2026-06-01', member_code: 'AL-77' }],
    class_series: [{ location: 'north', service: 'pilates', staff: 'rae', weekdays: [1, 3], start_time: '18:30', capacity: 10, starts_on: '2026-06-01', ends_on: '2026-06-30' }],
  };
}

describe.each(dialects)('the owner imports and exports in the web app (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  let owner: Browser;
  beforeAll(async () => {
    s = await webStudio(suite.db);
    owner = await s.signIn('olive@alder.example');
  }, 60_000);
  afterAll(() => s.app.close());

  const dryRun = (file: unknown, as = owner, pass = password) => s.send({ method: 'POST', url: '/app/api/import/dry-run', as, body: { password: pass, file } });
  const commit = (file: unknown, sha256: string, as = owner) => s.send({ method: 'POST', url: '/app/api/import/commit', as, body: { password, file, sha256 } });

  it('asks for the password again, and lets only the owner in', async () => {
    const wrong = await dryRun(addition(), owner, 'not my password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<ErrorBody>().error.code).toBe('invalid_credentials');
    const manager = await s.signIn('mark@alder.example');
    const refused = await dryRun(addition(), manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.code).toBe('role_not_allowed');
  });

  it('dry-runs a file with problems of every kind: all listed, nothing written', async () => {
    const file = addition() as ReturnType<typeof addition> & Record<string, unknown>;
    (file.services[0] as Record<string, unknown>).kind = 'workshop';
    file.memberships[0]!.plan = 'gold';
    file.existing.contacts.push({ ref: 'ghost', email: 'ghost@example.com' });
    file.class_series[0]!.location = 'east';
    const before = await databaseDigest(suite.db);
    const response = await dryRun(file);
    expect(response.statusCode).toBe(200);
    const report = response.json<{ ok: boolean; problems: string[] }>();
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.stringMatching(/^services\[0\] \(ref "pilates"\)\.kind: /),
      'existing.contacts[0] (ref "ghost"): no contact with email "ghost@example.com" in this company',
      'memberships[0]: plan "gold" is not a membership plan in this file',
      'class_series[0]: location "east" is not a location in this file',
    ]);
    const changed = Object.entries(await databaseDigest(suite.db))
      .filter(([table, digest]) => before[table] !== digest)
      .map(([table]) => table);
    // Only the audit log learns of a dry run, and the sign-in attempts of the password typed again.
    expect(changed).toEqual(['staff_audit_log', 'staff_login_attempts']);
  });

  it('commits only the content of a clean dry run, once, within the hour', async () => {
    const file = addition();
    const report = (await dryRun(file)).json<{ ok: boolean; sha256: string; would_create: Record<string, number> }>();
    expect(report).toMatchObject({ ok: true, would_create: { services: 1, membership_plans: 1, contacts: 1, memberships: 1, class_series: 1, classes: 9 } });

    // Another content under the dry run's hash, or a hash nobody dry-ran, is not committed.
    const changed = { ...file, staff: [{ ref: 'rae', first_name: 'Rae', last_name: 'Other' }] };
    const mismatch = await commit(changed, report.sha256);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json<ErrorBody>().error.code).toBe('import_not_dry_run');
    const broken = { ...file, services: [] };
    const undried = await commit(broken, (await dryRun({ ...broken })).json<{ sha256: string }>().sha256);
    expect(undried.json<ErrorBody>().error.code).toBe('import_not_dry_run');

    const committed = await commit(file, report.sha256);
    expect(committed.statusCode, committed.body).toBe(201);
    const summary = committed.json<{ created: Record<string, number>; ids: Record<string, Record<string, string>> }>();
    expect(summary.created).toMatchObject({ companies: 0, class_series: 1, classes: 9, membership_plans: 1 });
    const series = await suite.db.first(suite.db.qb.selectFrom('class_series').select(['location_id', 'company_id']).where('service_id', '=', summary.ids.services!.pilates!));
    expect(series).toEqual({ location_id: s.studio.north, company_id: s.studio.companyId });

    // The same content twice is refused by the importer, with its reason.
    const again = await commit(file, report.sha256);
    expect(again.statusCode).toBe(422);
    expect(again.json<ErrorBody>().error).toMatchObject({ code: 'import_refused', problems: [expect.stringMatching(/^\(file\): the same content was already imported on /)] });

    // A clean dry run is good for an hour.
    const later = { ...addition(), staff: [{ ref: 'rae', first_name: 'Rae', last_name: 'Later' }], memberships: [] };
    const laterReport = (await dryRun(later)).json<{ ok: boolean; sha256: string }>();
    expect(laterReport.ok).toBe(true);
    s.clock.advance(61 * 60_000);
    expect((await commit(later, laterReport.sha256)).json<ErrorBody>().error.code).toBe('import_not_dry_run');

    const actions = (await auditLog(suite.db, s.studio.companyId)).map((entry) => entry.action);
    expect(actions.filter((action) => action === 'import_committed')).toHaveLength(1);
  });

  it('exports the company with the new entries, without secrets', async () => {
    const response = await s.send({ method: 'POST', url: '/app/api/export', as: owner, body: { password } });
    expect(response.statusCode).toBe(200);
    const file = response.json<{ company: { id: string }; class_series: unknown[]; membership_plans: { name: string }[] }>();
    expect(file.company.id).toBe(s.studio.companyId);
    expect(file.membership_plans.map((plan) => plan.name)).toContain('Pilates eight');
    expect(response.body).not.toMatch(/password|key_hash|olive@alder/);
    expect((await auditLog(suite.db, s.studio.companyId))[0]!.action).toBe('business_exported');
  });
});
