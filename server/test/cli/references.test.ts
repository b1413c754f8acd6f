import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveRef, type RefKind } from '../../src/cli/support/references.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { demo } from '../helpers/demo-bookings.js';

const emma = { contact: '0671b535-f5a3-5709-9b25-f710e90958d2', membership: '149b055d-3740-5aaa-bc58-b8f9bc197f8f' };
const maya = '02e199d5-b4ce-5cf4-8992-7b1f441c3d88';
const hiit = ['2eaf2ba7-8e12-548d-bd21-57742e3b84ab', 'b27e43cb-d4ce-58fd-96a8-57d882c1f86e'];

/** A second business that shares a slug, a member code, a contact's name and email, and a staff name with the demo. */
const maple = {
  version: 1,
  company: { name: 'Maple Yoga', key_prefix: 'maple' },
  locations: [{ ref: 'bk', name: 'Maple Brooklyn', slug: 'brooklyn', timezone: 'America/New_York', country: 'US' }],
  staff: [{ ref: 'maya', first_name: 'Maya', last_name: 'Chen' }],
  membership_plans: [{ ref: 'monthly', location: 'bk', name: 'Monthly', price_cents: 9000, billing_interval: 'monthly' }],
  contacts: [{ ref: 'emma', location: 'bk', first_name: 'Emma', last_name: 'Johnson', email: 'emma.johnson@example.com', phone: '+1 718 555 0199' }],
  memberships: [
    { contact: 'emma', plan: 'monthly', member_code: 'HF-1001', start_date: '2026-01-01' },
    { contact: 'emma', plan: 'monthly', member_code: 'MY-2', start_date: '2026-02-01' },
  ],
};

/** resolveRef in the process, on both databases: every kind of reference, found, ambiguous and missing. */
describe.each(dialects)('CLI references on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let mapleId: string;
  let mapleEmma: string;
  let key: { id: string; key: string; last4: string };
  beforeAll(async () => {
    await seedDemo(suite.db);
    const summary = (await importBusiness(suite.db, maple)) as { company_id: string; ids: { contacts: Record<string, string> } };
    mapleId = summary.company_id;
    mapleEmma = summary.ids.contacts.emma!;
    key = await createKey(suite.db, { companyId: demoCompanyId, name: 'front turnstile', scopes: 'all', locationIds: 'all' });
  });

  const resolve = (kind: RefKind, text: string, companyId?: string) => resolveRef(suite.db, kind, text, companyId === undefined ? undefined : { companyId });
  const refusal = async (kind: RefKind, text: string, companyId?: string) => {
    const error = await resolve(kind, text, companyId).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.constructor.name).toBe('CliError');
    return error!.message;
  };

  it('takes an id as it is once it exists, in the company when one is given', async () => {
    expect(await resolve('location', demo.brooklyn)).toBe(demo.brooklyn);
    expect(await resolve('contact', emma.contact.toUpperCase())).toBe(emma.contact);
    expect(await resolve('class', '00000000-0000-4000-8000-000000000000').catch((error: Error) => error.message)).toBe('No class 00000000-0000-4000-8000-000000000000.');
    expect(await refusal('location', demo.brooklyn, mapleId)).toBe(`No location ${demo.brooklyn} in company Maple Yoga.`);
    expect(await refusal('booking', 'yesterday')).toBe('"yesterday" is not a booking id: a booking is named by its id (a uuid).');
  });

  it('finds a company by key prefix or name, any case', async () => {
    expect(await resolve('company', 'harbour')).toBe(demoCompanyId);
    expect(await resolve('company', 'maple yoga')).toBe(mapleId);
    expect(await refusal('company', 'acme')).toBe('No company "acme": pass a company id, key prefix or name.');
  });

  it('finds a location by slug or name; a slug two companies use is ambiguous until --company', async () => {
    expect(await resolve('location', 'london-bridge')).toBe(demo.london);
    expect(await resolve('location', 'harbour london bridge')).toBe(demo.london);
    const ambiguous = await refusal('location', 'brooklyn');
    expect(ambiguous).toContain('"brooklyn" matches 2 locations: name the company with --company (its id, key prefix or name), or pass the location\'s id.');
    expect(ambiguous).toContain(`  ${demo.brooklyn}  Harbour Brooklyn (slug brooklyn) in Harbour Fitness & Spa`);
    expect(ambiguous).toContain('Maple Brooklyn (slug brooklyn) in Maple Yoga');
    expect(await resolve('location', 'brooklyn', demoCompanyId)).toBe(demo.brooklyn);
    expect(await refusal('location', 'queens', demoCompanyId)).toBe('No location "queens" in company Harbour Fitness & Spa: pass a location id, slug or name.');
  });

  it('finds a contact by member code, email, phone or full name', async () => {
    expect(await resolve('contact', 'hf-1001 ', demoCompanyId)).toBe(emma.contact);
    expect(await resolve('contact', 'my-2')).toBe(mapleEmma);
    expect(await resolve('contact', 'EMMA.JOHNSON@example.com', demoCompanyId)).toBe(emma.contact);
    expect(await resolve('contact', '+17185550199')).toBe(mapleEmma);
    expect(await resolve('contact', 'emma johnson', mapleId)).toBe(mapleEmma);
    expect(await refusal('contact', 'HF-1001')).toMatch(/^"HF-1001" matches 2 contacts: name the company with --company/);
    expect(await refusal('contact', 'Emma', demoCompanyId)).toBe('No contact "Emma" in company Harbour Fitness & Spa: pass a contact id, member code, email, phone in +E.164 or full name.');
  });

  it('finds a membership by member code, or by its holder when they hold one; several are listed', async () => {
    expect(await resolve('membership', 'HF-1001', demoCompanyId)).toBe(emma.membership);
    expect(await resolve('membership', 'emma.johnson@example.com', demoCompanyId)).toBe(emma.membership);
    const several = await refusal('membership', 'emma johnson', mapleId);
    expect(several).toMatch(/^"emma johnson" matches 2 memberships: pass the membership's id\.\n/);
    expect(several).toContain('Emma Johnson: Monthly (active, member code MY-2)');
  });

  it('finds staff by full name, first name or email; services, plans and packages by name', async () => {
    expect(await resolve('staff', 'maya chen', demoCompanyId)).toBe(maya);
    expect(await resolve('staff', 'Maya', demoCompanyId)).toBe(maya);
    expect(await resolve('staff', 'maya@harbourfitness.example')).toBe(maya);
    expect(await refusal('staff', 'Maya Chen')).toContain('matches 2 staff members');
    expect(await resolve('room', 'spin room')).toBe(await resolve('room', 'Spin Room', demoCompanyId));
    const hiitRefusal = await refusal('service', 'hiit');
    expect(hiitRefusal).toMatch(/^"hiit" matches 2 services: pass the service's id\.\n/);
    for (const id of hiit) expect(hiitRefusal).toContain(id);
    expect(await resolve('plan', 'Unlimited Monthly')).toBe('c1fd2d4e-0918-5e25-9ef3-e487e080e5e0');
    expect(await resolve('package', '10-class pack')).toBe('f18a95dd-b2f5-5de3-a397-8d7ba7c7f91b');
  });

  it('finds a key by its last four as keys list shows them, its name or the key itself; a card by its canonical key', async () => {
    expect(await resolve('key', key.last4)).toBe(key.id);
    expect(await resolve('key', `harbour_sk_live_…${key.last4}`)).toBe(key.id);
    expect(await resolve('key', 'Front Turnstile', demoCompanyId)).toBe(key.id);
    expect(await resolve('key', key.key)).toBe(key.id);
    expect(await refusal('key', key.key, mapleId)).toMatch(/^No key "harbour_sk_live_.*" in company Maple Yoga: pass a key id/);
    const card = await suite.db.first(suite.db.qb.selectFrom('credentials').select(['id', 'canonical']).where('membership_id', '=', emma.membership));
    expect(await resolve('card', card!.canonical!.toLowerCase())).toBe(card!.id);
  });
});
