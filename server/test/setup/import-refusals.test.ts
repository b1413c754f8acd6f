import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { ImportError } from '../../src/modules/setup/import-problems.js';
import { importBusiness, type ImportOptions } from '../../src/modules/setup/importer.js';
import { refusedLeavingNoTrace } from '../helpers/row-counts.js';

/** A small valid file: one studio with a yoga class, a member with a card. Tests break one thing each. */
function studioFile() {
  return {
    version: 1,
    company: { name: 'Maple Yoga', key_prefix: 'maple' },
    locations: [{ ref: 'main', name: 'Maple Yoga', slug: 'maple-main', timezone: 'America/Toronto', country: 'CA' }],
    staff: [{ ref: 'lee', first_name: 'Lee', hours: [{ location: 'main', weekday: 1, start: '09:00', end: '17:00' }] }],
    services: [{ ref: 'yoga', location: 'main', name: 'Yoga', kind: 'class', duration_minutes: 60, price_cents: 2000, staff: ['lee'] }],
    membership_plans: [{ ref: 'unlimited', location: 'main', name: 'Unlimited', price_cents: 12000, billing_interval: 'monthly' }],
    contacts: [
      { ref: 'sam', location: 'main', first_name: 'Sam', phone: '(416) 555-0123' },
      { ref: 'alex', location: 'main', first_name: 'Alex', phone: '+1 416 555 0124' },
    ],
    memberships: [{ contact: 'sam', plan: 'unlimited', member_code: 'MY-1', start_date: '2026-01-01', card_uids: [' 04AABBCCDD '] }],
    classes: [{ ref: 'open-house', location: 'main', service: 'yoga', start: '2026-03-14T10:00', capacity: 20 }],
  };
}

describe.each(dialects)('import refusals on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  beforeAll(async () => {
    await seedDemo(suite.db);
  });

  /** The problems an import is refused with, after checking it left every table as it was. */
  async function refusal(file: unknown, options: ImportOptions = {}): Promise<string[]> {
    return (await refusedLeavingNoTrace(suite.db, ImportError, () => importBusiness(suite.db, file, options))).problems;
  }

  it('names the entry holding a dangling reference, and writes nothing', async () => {
    const file = studioFile();
    file.services[0]!.location = 'downtown';
    file.memberships[0]!.plan = 'gold';
    const problems = await refusal(file);
    expect(problems).toContain('services[0] (ref "yoga"): location "downtown" is not a location in this file');
    expect(problems).toContain('memberships[0]: plan "gold" is not a membership plan in this file');
  });

  it('points a schema error at its path, unknown fields included', async () => {
    const file = studioFile();
    const service: Record<string, unknown> = file.services[0]!;
    service.duration_minutes = 'an hour';
    service.colour = 'green';
    const problems = await refusal(file);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^services\[0\] \(ref "yoga"\)\.duration_minutes: .*expected number/);
    expect(problems[1]).toBe('services[0] (ref "yoga"): Unrecognized key: "colour"');
    expect(await refusal({ ...studioFile(), version: 2 })).toEqual(['version: Invalid input: expected 1']);
  });

  it('refuses one phone twice at a location once normalised, and an unparsable phone', async () => {
    const file = studioFile();
    file.contacts[1]!.phone = '416.555.0123';
    file.contacts.push({ ref: 'kim', location: 'main', first_name: 'Kim', phone: 'call me' });
    expect(await refusal(file)).toEqual([
      'contacts[1] (ref "alex"): phone +14165550123 at location "main" is already used by contacts[0] (ref "sam")',
      'contacts[2] (ref "kim"): phone "call me" is not a phone number for CA',
    ]);
  });

  it('refuses a member code used twice in the file or already used in the company', async () => {
    const file = studioFile();
    file.memberships.push({ contact: 'alex', plan: 'unlimited', member_code: 'MY-1', start_date: '2026-01-01', card_uids: [] });
    expect(await refusal(file)).toEqual(['memberships[1]: member_code "MY-1" is already used by memberships[0]']);

    const intoDemo = studioFile();
    delete (intoDemo as { company?: unknown }).company;
    intoDemo.memberships[0]!.member_code = 'HF-1001';
    intoDemo.memberships[0]!.card_uids = ['04A3B2C1D5E680'];
    // Emma's membership in the demo; her card is named by its id, never by its number.
    const emma = '149b055d-3740-5aaa-bc58-b8f9bc197f8f';
    const problems = await refusal(intoDemo, { companyId: demoCompanyId });
    expect(problems).toEqual([
      `memberships[0]: member_code "HF-1001" is already used by membership ${emma} in this company`,
      expect.stringMatching(new RegExp(`^memberships\\[0\\]\\.card_uids\\[0\\]: card is already used by card [0-9a-f-]{36} of membership ${emma} in this company`)),
    ]);
    expect(problems.join('\n')).not.toContain('04A3B2C1D5E680');
  });

  it('refuses a wall-clock start the clocks skip, and a class of an appointment service', async () => {
    const file = studioFile();
    file.classes[0]!.start = '2026-03-08T02:30';
    file.services.push({ ref: 'massage', location: 'main', name: 'Massage', kind: 'appointment', duration_minutes: 60, price_cents: 9000, staff: [] });
    file.classes.push({ ref: 'oops', location: 'main', service: 'massage', start: '2026-03-14T12:00', capacity: 4 });
    expect(await refusal(file)).toEqual([
      'classes[0] (ref "open-house"): start 2026-03-08T02:30 does not exist in America/Toronto: the clocks skip it',
      'classes[1] (ref "oops"): service "massage" is an appointment service, not a class',
    ]);
  });

  it('refuses an existing company as a new one, and an unknown company to add to', async () => {
    const file = { ...studioFile(), company: { id: demoCompanyId, name: 'Again' } };
    expect(await refusal(file)).toEqual([`company.id: company ${demoCompanyId} already exists; to add entries to it, import with --company ${demoCompanyId}`]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await refusal(studioFile(), { companyId: unknown })).toEqual([`company: no company ${unknown} in the database`]);
  });

  it('imports a valid file, then adds to an existing company', async () => {
    const summary = await importBusiness(suite.db, studioFile());
    expect(summary.created).toMatchObject({ companies: 1, locations: 1, contacts: 2, memberships: 1, credentials: 1, classes: 1 });
    const card = await suite.db.first(suite.db.qb.selectFrom('credentials').select('value').where('company_id', '=', summary.company_id));
    expect(card!.value).toBe('04AABBCCDD');
    const openHouse = await suite.db.first(suite.db.qb.selectFrom('classes').select(['start_at', 'end_at']).where('id', '=', summary.ids.classes!['open-house']!));
    expect(openHouse).toEqual({ start_at: '2026-03-14T14:00:00.000Z', end_at: '2026-03-14T15:00:00.000Z' });

    const branch = {
      version: 1,
      locations: [{ ref: 'west', name: 'Maple West', slug: 'maple-west', timezone: 'America/Vancouver', country: 'CA' }],
      contacts: [{ ref: 'sam-west', location: 'west', first_name: 'Sam', phone: '(416) 555-0123' }],
    };
    const added = await importBusiness(suite.db, branch, { companyId: summary.company_id });
    expect(added).toMatchObject({ company_id: summary.company_id, created: { companies: 0, locations: 1, contacts: 1 } });
    // The same file again is refused as a repeat; imported anyway, it clashes on the location's slug, unique in a company.
    expect(await refusal(branch, { companyId: summary.company_id })).toEqual([expect.stringMatching(/^\(file\): the same content was already imported on .* into company /)]);
    expect(await refusal(branch, { companyId: summary.company_id, again: true })).toEqual(['locations[0] (ref "west"): slug "maple-west" is already used in this company']);
  });
});
