import { readFileSync } from 'node:fs';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { ImportError } from '../../src/modules/setup/import-problems.js';
import { dryRunImport, importBusiness } from '../../src/modules/setup/importer.js';
import { databaseDigest } from '../helpers/database-digest.js';
import { refusedLeavingNoTrace } from '../helpers/row-counts.js';

/** Demo entries the files below point at (server/examples/demo-business.json). */
const demo = {
  london: '51d776da-2e01-50e6-88ba-7059ee450b81',
  emmaCode: 'HF-1001',
};

/** A file adding a plan, a service, a class series and a membership to the demo's existing London location. */
function additions() {
  return {
    version: 1,
    existing: {
      locations: [{ ref: 'london', slug: 'london-bridge' }],
      // Names compare whatever their case and spacing; codes as the gate compares them.
      staff: [{ ref: 'coach', name: 'SOPHIE  clarke' }],
      contacts: [{ ref: 'emma', member_code: 'hf-1001' }] as ({ ref: string; member_code: string } | { ref: string; email: string })[],
      services: [{ ref: 'spin', name: 'hatha yoga', location: 'london' }],
    },
    services: [{ ref: 'barre', location: 'london', name: 'Barre', kind: 'class', duration_minutes: 45, price_cents: 1800, staff: ['coach'] }],
    membership_plans: [{ ref: 'barre-10', location: 'london', name: 'Barre ten a month', price_cents: 9000, billing_interval: 'monthly', covered_services: ['barre', 'spin'] }],
    memberships: [{ contact: 'emma', plan: 'barre-10', start_date: '2026-09-01' }],
    class_series: [
      { location: 'london', service: 'barre', staff: 'coach', weekdays: [2, 4], start_time: '07:15', capacity: 14, starts_on: '2026-09-01', ends_on: '2026-09-30' },
      { location: 'london', service: 'spin', weekdays: [6], start_time: '09:00', capacity: 20, starts_on: '2026-09-05', ends_on: '2026-09-26' },
    ],
  };
}

describe.each(dialects)('import into an existing company (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  beforeAll(async () => {
    await seedDemo(suite.db);
  });
  const file = additions;

  it('dry-runs a file pointing at existing entries: no problem, the counts, and nothing written', async () => {
    const before = await databaseDigest(suite.db);
    const report = await dryRunImport(suite.db, file(), { companyId: demoCompanyId });
    expect(report).toMatchObject({ dry_run: true, ok: true, problems: [], company_id: demoCompanyId, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Tuesdays and Thursdays of September 2026 (9), Saturdays from the 5th to the 26th (4).
    expect(report.would_create).toMatchObject({ companies: 0, locations: 0, services: 1, service_staff: 1, membership_plans: 1, memberships: 1, class_series: 2, classes: 13, contacts: 0 });
    expect(await databaseDigest(suite.db)).toEqual(before);
  });

  it('imports it: the series, plan and membership point at the existing location, service, staff and contact', async () => {
    const summary = await importBusiness(suite.db, file(), { companyId: demoCompanyId });
    const { db } = suite;
    const plan = await db.first(db.qb.selectFrom('membership_plans').selectAll().where('id', '=', summary.ids.membership_plans!['barre-10']!));
    expect(plan).toMatchObject({ company_id: demoCompanyId, location_id: demo.london });
    const spin = await db.first(db.qb.selectFrom('services').select('id').where('company_id', '=', demoCompanyId).where('name', '=', 'Hatha Yoga'));
    expect(JSON.parse(plan!.covered_service_ids!)).toEqual([summary.ids.services!.barre, spin!.id]);
    const emma = await db.first(db.qb.selectFrom('memberships').select('contact_id').where('member_code', '=', demo.emmaCode));
    const held = await db.first(db.qb.selectFrom('memberships').select(['contact_id', 'location_id']).where('plan_id', '=', plan!.id));
    expect(held).toEqual({ contact_id: emma!.contact_id, location_id: demo.london });
    const series = await db.all(db.qb.selectFrom('class_series').select(['service_id', 'staff_id', 'location_id']).where('company_id', '=', demoCompanyId).where('starts_on', '>=', '2026-09-01'));
    expect(series).toContainEqual({ service_id: spin!.id, staff_id: null, location_id: demo.london });
    // 07:15 in London in September is 06:15 UTC (summer time).
    const barre = await db.first(db.qb.selectFrom('classes').select('start_at').where('service_id', '=', summary.ids.services!.barre!).orderBy('start_at'));
    expect(barre!.start_at).toBe('2026-09-01T06:15:00.000Z');
  });

  it('lists shape, reference, existing-entry and database problems together, and writes nothing', async () => {
    const f = file() as ReturnType<typeof additions> & Record<string, unknown>;
    f.existing.locations.push({ ref: 'paris', slug: 'paris' });
    f.existing.contacts.push({ ref: 'ghost', email: 'nobody@example.com' });
    (f.services[0] as Record<string, unknown>).duration_minutes = 'forty-five';
    f.membership_plans[0]!.price_cents = -5;
    f.memberships.push({ contact: 'nobody', plan: 'barre-10', start_date: '2026-09-01' });
    (f.class_series[1] as Record<string, unknown>).colour = 'red';
    // A reference to an existing entry that was not found is not reported a second time.
    f.memberships.push({ contact: 'ghost', plan: 'barre-10', start_date: '2026-09-01' });
    f.class_series.push({ location: 'atlantis', service: 'spin', weekdays: [1], start_time: '10:00', capacity: 5, starts_on: '2026-10-05', ends_on: '2026-10-26' });
    f.gift_cards = [{ location: 'london', code: 'HF-GIFT-1001', initial_balance_cents: 5000 }];
    const existingGift = await suite.db.first(suite.db.qb.selectFrom('gift_cards').select('code').where('company_id', '=', demoCompanyId).orderBy('code'));
    (f.gift_cards as { code: string }[])[0]!.code = existingGift!.code;

    const report = await dryRunImport(suite.db, f, { companyId: demoCompanyId });
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.stringMatching(/^services\[0\] \(ref "barre"\)\.duration_minutes: .*expected number/),
      expect.stringMatching(/^membership_plans\[0\] \(ref "barre-10"\)\.price_cents: /),
      'class_series[1]: Unrecognized key: "colour"',
      'existing.locations[1] (ref "paris"): no location with slug "paris" in this company',
      'existing.contacts[1] (ref "ghost"): no contact with email "nobody@example.com" in this company',
      // References to the broken plan are not reported again; a dangling one is.
      'memberships[1]: contact "nobody" is not a contact in this file',
      'class_series[2]: location "atlantis" is not a location in this file',
      `gift_cards[0] (code "${existingGift!.code}"): code "${existingGift!.code}" is already used in this company`,
    ]);
    const problems = (await refusedLeavingNoTrace(suite.db, ImportError, () => importBusiness(suite.db, f, { companyId: demoCompanyId }))).problems;
    expect(problems).toEqual(report.problems);
  });

  it("dry-runs import-format.md's example of an existing section on the demo without a problem", async () => {
    const manual = readFileSync(new URL('../../../docs/import-format.md', import.meta.url), 'utf8');
    const example = /### `existing`[\s\S]*?```json\n([\s\S]*?)\n```/.exec(manual)![1]!;
    expect(await dryRunImport(suite.db, JSON.parse(example), { companyId: demoCompanyId })).toMatchObject({ ok: true, problems: [] });
  });

  it('refuses an ambiguous or a missing existing entry, and existing entries without a target company', async () => {
    const f = { version: 1, existing: { locations: [{ ref: 'x', id: demo.london, slug: 'london' }], staff: [{ ref: 'nobody', email: 'no.one@example.com' }] } };
    expect((await dryRunImport(suite.db, f, { companyId: demoCompanyId })).problems).toEqual([
      'existing.locations[0] (ref "x").id: give exactly one of id, slug',
      'existing.staff[0] (ref "nobody"): no staff member with email "no.one@example.com" in this company',
    ]);
    const newCompany = { version: 1, company: { name: 'New' }, existing: { locations: [{ ref: 'london', slug: 'london-bridge' }] } };
    expect((await dryRunImport(suite.db, newCompany)).problems).toEqual([
      'existing: entries that already exist belong to a company the file is imported into: import with --company (the web app imports into your own)',
    ]);
    // HIIT is taught at both demo locations: the location or the id tells them apart.
    const ambiguous = { version: 1, existing: { services: [{ ref: 'hiit', name: 'hiit' }] } };
    expect((await dryRunImport(suite.db, ambiguous, { companyId: demoCompanyId })).problems).toEqual([
      expect.stringMatching(/^existing\.services\[0\] \(ref "hiit"\): 2 services have name "hiit" in this company \([0-9a-f-]{36}, [0-9a-f-]{36}\): give "id" or "location"$/),
    ]);
    const located = { version: 1, existing: { locations: [{ ref: 'ldn', slug: 'london-bridge' }], services: [{ ref: 'hiit', name: 'hiit', location: 'ldn' }] } };
    expect(await dryRunImport(suite.db, located, { companyId: demoCompanyId })).toMatchObject({ ok: true, problems: [] });
  });
});
