import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { demo } from '../helpers/demo-bookings.js';

const emmaMembership = '149b055d-3740-5aaa-bc58-b8f9bc197f8f';
const classPack = 'f18a95dd-b2f5-5de3-a397-8d7ba7c7f91b';
const unlimitedMonthly = 'c1fd2d4e-0918-5e25-9ef3-e487e080e5e0';

/** The list, find, create and sell commands, each run as a real process (a few seconds each on a busy machine). */
describe.each(dialects)('the directory CLI on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let mapleId: string;
  beforeAll(async () => {
    await seedDemo(suite.db);
    const maple = {
      version: 1,
      company: { name: 'Maple Yoga', key_prefix: 'maple' },
      locations: [{ ref: 'bk', name: 'Maple Brooklyn', slug: 'brooklyn', timezone: 'America/New_York', country: 'US' }],
    };
    mapleId = ((await importBusiness(suite.db, maple)) as { company_id: string }).company_id;
  });

  const studio = (...args: string[]) => runStudio(suite.url, args);
  const printed = async (...args: string[]) => {
    const outcome = await studio(...args);
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    return JSON.parse(outcome.stdout);
  };

  it('lists and finds companies and locations, so an import lost from the screen is found again', async () => {
    const companies = await printed('companies', 'list');
    expect(companies).toEqual([
      { id: demoCompanyId, name: 'Harbour Fitness & Spa', key_prefix: 'harbour', created_at: expect.any(String), locations: ['brooklyn', 'london-bridge'] },
      { id: mapleId, name: 'Maple Yoga', key_prefix: 'maple', created_at: expect.any(String), locations: ['brooklyn'] },
    ]);
    expect((await printed('companies', 'find', 'yoga')).map((company: { id: string }) => company.id)).toEqual([mapleId]);
    const locations = await printed('locations', 'list', '--company', 'harbour');
    expect(locations.map((location: { slug: string; company_id: string }) => [location.slug, location.company_id])).toEqual([
      ['brooklyn', demoCompanyId],
      ['london-bridge', demoCompanyId],
    ]);
    const ambiguous = await studio('locations', 'settings', 'brooklyn');
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toMatch(/^studio: "brooklyn" matches 2 locations: name the company with --company/);
    expect(await printed('locations', 'settings', 'brooklyn', '--company', 'harbour')).toMatchObject({ checkin_alerts: expect.any(Object) });
  });

  it('finds contacts, staff, locations and plans by what a person knows of them', async () => {
    const found = await printed('find', 'HF-1001', '--company', 'harbour');
    expect(found).toEqual([{ kind: 'contact', id: '0671b535-f5a3-5709-9b25-f710e90958d2', label: 'Emma Johnson, emma.johnson@example.com, +17185550110', company_id: demoCompanyId }]);
    const london = await printed('find', 'london');
    expect(london).toEqual(
      expect.arrayContaining([
        { kind: 'location', id: demo.london, label: 'Harbour London Bridge (slug london-bridge)', company_id: demoCompanyId },
        { kind: 'plan', id: '1ac72501-7053-5877-a69b-5d5b529ff1a0', label: 'London Unlimited at london-bridge', company_id: demoCompanyId },
      ]),
    );
    expect(await printed('find', 'priya')).toEqual([{ kind: 'staff', id: demo.priya, label: 'Priya Shah, priya@harbourfitness.example', company_id: demoCompanyId }]);
  });

  it('creates a contact with a normalised phone, lists and finds them, sells them a plan and a class pack by name', async () => {
    const refused = await studio('contacts', 'create', '--company', 'harbour', '--first-name', 'Zoe', '--phone', '718 555 0177');
    expect(refused).toEqual({ code: 1, stdout: '', stderr: "studio: This company has 2 locations: choose the contact's home with --location (brooklyn, london-bridge).\n" });
    const zoe = await printed(
      'contacts',
      'create',
      '--company',
      'harbour',
      '--location',
      'brooklyn',
      '--first-name',
      'Zoe',
      '--last-name',
      'Quinn',
      '--phone',
      '(718) 555-0177',
      '--email',
      'zoe@example.com',
    );
    expect(zoe).toMatchObject({ first_name: 'Zoe', last_name: 'Quinn', phone: '+17185550177', email: 'zoe@example.com', location_id: demo.brooklyn, created: true });
    const again = await printed('contacts', 'create', '--company', 'harbour', '--location', 'brooklyn', '--first-name', 'Zoe', '--phone', '+1 718 555 0177');
    expect(again).toMatchObject({ id: zoe.id, created: false });

    expect((await printed('contacts', 'find', 'zoe quinn', '--company', 'harbour')).map((contact: { id: string }) => contact.id)).toEqual([zoe.id]);
    const listed = await printed('contacts', 'list', '--company', 'harbour', '--location', 'brooklyn');
    const atBrooklyn = await suite.db.all(suite.db.qb.selectFrom('contacts').select('id').where('location_id', '=', demo.brooklyn));
    expect(listed.length).toBe(atBrooklyn.length);
    expect(listed.at(-1).id).toBe(zoe.id);

    const membership = await printed('memberships', 'sell', '--contact', 'zoe@example.com', '--plan', 'unlimited monthly', '--starts-on', '2026-03-01', '--member-code', 'HF-9001');
    expect(membership).toMatchObject({ contact_id: zoe.id, kind: 'membership', plan_id: unlimitedMonthly, status: 'active', member_code: 'HF-9001', start_date: '2026-03-01' });
    const pack = await printed('packages', 'sell', '--contact', 'HF-9001', '--package', '10-Class Pack');
    expect(pack).toMatchObject({ contact_id: zoe.id, kind: 'package', package_template_id: classPack, status: 'active', credits_total: 10, credits_remaining: 10, plan_name: '10-Class Pack' });
    const held = await printed('memberships', 'list', '--contact', zoe.id);
    expect(held.map((row: { id: string }) => row.id)).toEqual([membership.id, pack.id]);
    const taken = await studio('packages', 'sell', '--contact', zoe.id, '--package', classPack, '--member-code', 'hf-1001');
    expect(taken).toEqual({ code: 1, stdout: '', stderr: 'studio: Another membership has this member code.\n' });
  });

  it('takes references in the commands that were id-only: a key prefix, a member code', async () => {
    expect(await printed('keys', 'list', '--company', 'Harbour Fitness & Spa')).toEqual([]);
    const cards = await printed('cards', 'list', '--membership', 'HF-1001');
    expect(cards).toEqual([expect.objectContaining({ canonical: expect.stringMatching(/^U:/), revoked_at: null })]);
    const paused = await printed('memberships', 'set-status', 'hf-1001', 'paused');
    expect(paused).toEqual({ id: emmaMembership, status: 'paused' });
    const missing = await studio('memberships', 'set-status', 'HF-0000', 'paused');
    expect(missing).toEqual({ code: 1, stdout: '', stderr: `studio: No membership "HF-0000" in any company: pass a membership id, member code, or the holder's email or full name.\n` });
  });
});
