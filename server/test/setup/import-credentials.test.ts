import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeCard } from '../../src/modules/members/admin.js';
import { parseLocationSettings } from '../../src/modules/locations/settings.js';
import { ImportError } from '../../src/modules/setup/import-problems.js';
import { importBusiness, type ImportSummary } from '../../src/modules/setup/importer.js';
import { resolverFor } from '../helpers/resolver.js';
import { rowCounts } from '../helpers/row-counts.js';
import { systemActor } from '../../src/domain/actor.js';

/**
 * A gym whose cards arrive in every printed form (docs/hardware.md §1.5). `main` keeps the default
 * matching profile; `gate` has a Wiegand 26 reader and a forward-only 13.56 MHz one.
 * Ann: EM4100 `0A 00 8E 6D 5D`. Bob: MIFARE `04 A2 24 B2` and an all-digit hex print. Cat: a
 * Wiegand 26 badge and a 10-digit decimal fob.
 */
function gymFile() {
  return {
    version: 1,
    company: { name: 'Card Gym', key_prefix: 'cardgym' },
    locations: [
      { ref: 'main', name: 'Main', slug: 'main', timezone: 'Europe/Dublin', country: 'IE' },
      {
        ref: 'gate',
        name: 'Gate',
        slug: 'gate',
        timezone: 'Europe/Dublin',
        country: 'IE',
        settings: { checkin_alerts: { no_card: 'block' }, matching_profile: { formats: { wiegand26: true }, byte_order: 'forward' } },
      },
    ],
    membership_plans: [{ ref: 'open', location: 'main', name: 'Open', price_cents: 5000, billing_interval: 'monthly' }],
    contacts: [
      { ref: 'ann', location: 'main', first_name: 'Ann', form_signed_at: '2026-01-05T09:30:00+01:00' },
      { ref: 'bob', location: 'main', first_name: 'Bob' },
      { ref: 'cat', location: 'main', first_name: 'Cat' },
    ],
    memberships: [
      { ref: 'ann', contact: 'ann', plan: 'open', member_code: 'cg-001', start_date: '2026-01-01', card_uids: ['0A008E6D5D'] as unknown[] },
      { ref: 'bob', contact: 'bob', plan: 'open', member_code: 'CG-002', start_date: '2026-01-01', card_uids: ['04:A2:24:B2', { uid: '12345678', format: 'hex' }] as unknown[] },
      { ref: 'cat', contact: 'cat', plan: 'open', start_date: '2026-01-01', card_uids: [{ uid: '37,4242', format: 'wiegand26' }, '0004205173'] as unknown[] },
    ],
  };
}

describe.each(dialects)('cards and member codes through the import, on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let gym: ImportSummary;
  let resolver: Awaited<ReturnType<typeof resolverFor>>;
  beforeAll(async () => {
    gym = await importBusiness(suite.db, gymFile());
    resolver = await resolverFor(suite.db, gym.company_id);
  });
  afterAll(async () => {
    await resolver.close();
  });

  const ids = () => {
    const { locations, memberships } = gym.ids;
    return { main: locations!.main!, gate: locations!.gate!, ann: memberships!.ann!, bob: memberships!.bob!, cat: memberships!.cat! };
  };
  const found = async (identifier: string, location: 'main' | 'gate') => (await resolver.resolve(identifier, ids()[location])).membership_id;

  /** The problems an import is refused with, after checking it left every table as it was. */
  async function refusal(file: unknown, companyId?: string): Promise<string[]> {
    const before = await rowCounts(suite.db);
    const error = await importBusiness(suite.db, file, companyId === undefined ? {} : { companyId }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect(await rowCounts(suite.db)).toEqual(before);
    return (error as ImportError).problems;
  }

  it('stores every card with its format and canonical key, every key under one feed sequence', async () => {
    expect(gym.created).toMatchObject({ credentials: 5, credential_keys: 8 });
    const cards = await suite.db.all(suite.db.qb.selectFrom('credentials').select(['membership_id', 'value', 'format', 'canonical']).where('company_id', '=', gym.company_id));
    // Sorted here: the dialects' text collations differ.
    expect(cards.sort((a, b) => (a.canonical! < b.canonical! ? -1 : 1))).toEqual([
      { membership_id: ids().cat, value: '0004205173', format: 'auto', canonical: 'U:00402A75' },
      { membership_id: ids().bob, value: '04:A2:24:B2', format: 'auto', canonical: 'U:04A224B2' },
      { membership_id: ids().ann, value: '0A008E6D5D', format: 'auto', canonical: 'U:0A008E6D5D' },
      { membership_id: ids().bob, value: '12345678', format: 'hex', canonical: 'U:12345678' },
      { membership_id: ids().cat, value: '37,4242', format: 'wiegand26', canonical: 'W:37,4242' },
    ]);
    const keys = await suite.db.all(suite.db.qb.selectFrom('credential_keys').select(['match_key', 'kind', 'feed_seq']).where('company_id', '=', gym.company_id));
    expect(keys.map((key) => `${key.kind} ${key.match_key}`).sort()).toEqual([
      'card_uid U:00402A75',
      'card_uid U:008E6D5D',
      'card_uid U:04A224B2',
      'card_uid U:0A008E6D5D',
      'card_uid U:12345678',
      'card_uid W:37,4242',
      'code C:CG-001',
      'code C:CG-002',
    ]);
    const company = await suite.db.first(suite.db.qb.selectFrom('companies').select('feed_seq').where('id', '=', gym.company_id));
    expect(company!.feed_seq).toBeGreaterThan(0);
    expect(new Set(keys.map((key) => key.feed_seq))).toEqual(new Set([company!.feed_seq]));
  });

  it("stores form_signed_at in UTC and the locations' check-in alerts and matching profile", async () => {
    const contacts = await suite.db.all(suite.db.qb.selectFrom('contacts').select(['first_name', 'form_signed_at']).where('company_id', '=', gym.company_id).orderBy('first_name'));
    expect(contacts).toEqual([
      { first_name: 'Ann', form_signed_at: '2026-01-05T08:30:00.000Z' },
      { first_name: 'Bob', form_signed_at: null },
      { first_name: 'Cat', form_signed_at: null },
    ]);
    const gate = await suite.db.first(suite.db.qb.selectFrom('locations').select('settings').where('id', '=', ids().gate));
    expect(parseLocationSettings(gate!.settings)).toMatchObject({
      checkin_alerts: { past_due: 'block', no_card: 'block', form_missing: 'warn' },
      matching_profile: { formats: { hex: true, decimal: true, wiegand26: true }, byte_order: 'forward' },
    });
  });

  it('resolves an imported member by code, in any case and spacing', async () => {
    expect(await resolver.resolve(' CG-001 ', ids().main)).toMatchObject({ found: true, membership_id: ids().ann, resolved_by: 'code', valid_for_checkin: true, warnings: [] });
    expect(await found('cg-002', 'main')).toBe(ids().bob);
    expect(await found('CG 002', 'main')).toBe(null);
  });

  it('resolves an EM4100 card by every printed form of it', async () => {
    for (const printed of ['0A008E6D5D', '0a:00:8e:6d:5d', '42959007069', '008E6D5D', '0009334109']) {
      expect(await resolver.resolve(printed, ids().main), printed).toMatchObject({ membership_id: ids().ann, resolved_by: 'card_uid' });
    }
    // Its Wiegand 26 print (facility 142, card 27997) never matches the full number, even where W26 is read.
    expect(await found('142,27997', 'gate')).toBe(null);
    expect(await found('14227997', 'gate')).toBe(null);
  });

  it('resolves a MIFARE UID read reversed only where the profile allows it, and an all-digit hex enrolled as hex', async () => {
    expect(await found('04A224B2', 'main')).toBe(ids().bob);
    expect(await found('B224A204', 'main')).toBe(ids().bob);
    expect(await found('0077735090', 'main')).toBe(ids().bob);
    expect(await found('04A224B2', 'gate')).toBe(ids().bob);
    expect(await found('B224A204', 'gate')).toBe(null);
    expect(await found('12345678', 'main')).toBe(ids().bob);
    // Without a signed form the member gets in with a warning (form_missing: warn by default).
    expect(await resolver.resolve('04A224B2', ids().main)).toMatchObject({ valid_for_checkin: true, warnings: ['form_missing'] });
  });

  it('resolves a Wiegand 26 badge where W26 is read, also from a full print of it, and a decimal fob', async () => {
    for (const printed of ['37,4242', '37 4242', '037/04242', '03704242', '00251092']) {
      expect(await found(printed, 'gate'), printed).toBe(ids().cat);
    }
    expect(await found('37,4242', 'main')).toBe(null);
    expect(await found('0004205173', 'main')).toBe(ids().cat);
    expect(await found('00402A75', 'main')).toBe(ids().cat);
  });

  it('carries every imported key in the eligibility feed, hashed', async () => {
    const feed = await resolver.get(`/v1/members/eligibility?location_id=${ids().main}`);
    expect(feed.status).toBe(200);
    expect(feed.body.data).toHaveLength(8);
    const text = JSON.stringify(feed.body);
    for (const raw of ['0A008E6D5D', '008E6D5D', '04A224B2', '37,4242', 'CG-001']) expect(text).not.toContain(raw);
  });

  it("refuses a card it cannot read, naming the entry and the card's index but never the number", async () => {
    const file = gymFile();
    file.company.name = 'Bad Cards';
    file.memberships[2]!.card_uids = ['0004205173', 42];
    expect(await refusal(file)).toEqual(['memberships[2] (ref "cat").card_uids[1]: expected a card number, or {"uid": ..., "format": ...}']);

    file.memberships[1]!.card_uids = ['04:A2:24:B2', '12-34-zz'];
    file.memberships[2]!.card_uids = [
      { uid: '0A008E6D5D', format: 'decimal' },
      { uid: '300,1', format: 'wiegand26' },
    ];
    const problems = await refusal(file);
    expect(problems).toEqual([
      'memberships[1] (ref "bob").card_uids[1]: card number is not hex, decimal or Wiegand 26',
      'memberships[2] (ref "cat").card_uids[0]: card number is not decimal',
      'memberships[2] (ref "cat").card_uids[1]: a Wiegand 26 facility must be 0 to 255',
    ]);
    for (const raw of ['12-34-zz', '0A008E6D5D', '300,1']) expect(problems.join('\n')).not.toContain(raw);
  });

  it('refuses two holders of one key in the file: one card printed two ways, one code in two cases', async () => {
    const file = gymFile();
    file.company.name = 'Twice';
    file.memberships[1]!.card_uids = ['008E6D5D'];
    file.memberships[2]!.member_code = ' CG-001';
    file.memberships[2]!.card_uids = ['0004205173', { uid: '4205173', format: 'decimal' }];
    const problems = await refusal(file);
    expect(problems).toEqual([
      'memberships[1] (ref "bob").card_uids[0]: card is already used by memberships[0] (ref "ann").card_uids[0] (the same number, or one a reader prints alike)',
      'memberships[2] (ref "cat"): member_code "CG-001" is already used by memberships[0] (ref "ann")',
      'memberships[2] (ref "cat").card_uids[1]: card is already used by memberships[2] (ref "cat").card_uids[0] (the same number, or one a reader prints alike)',
    ]);
    expect(problems.join('\n')).not.toContain('008E6D5D');
  });

  /** A branch for the existing company: its own location, plan and contact, and Dan's membership. */
  function branchFile(membership: { member_code?: string; card_uids: unknown[] }) {
    return {
      version: 1,
      locations: [{ ref: 'north', name: 'North', slug: `north-${Math.random().toString(36).slice(2, 8)}`, timezone: 'Europe/Dublin', country: 'IE' }],
      membership_plans: [{ ref: 'north-open', location: 'north', name: 'North Open', price_cents: 5000, billing_interval: 'monthly' }],
      contacts: [{ ref: 'dan', location: 'north', first_name: 'Dan' }],
      memberships: [{ ref: 'dan', contact: 'dan', plan: 'north-open', start_date: '2026-02-01', ...membership }],
    };
  }

  it('refuses keys a live credential of the company already has, naming both holders', async () => {
    const ann = await suite.db.first(suite.db.qb.selectFrom('credentials').select('id').where('canonical', '=', 'U:0A008E6D5D').where('company_id', '=', gym.company_id));
    const problems = await refusal(branchFile({ member_code: 'cg-002', card_uids: ['42959007069'] }), gym.company_id);
    expect(problems).toEqual([
      `memberships[0] (ref "dan"): member_code "cg-002" is already used by membership ${ids().bob} in this company`,
      `memberships[0] (ref "dan").card_uids[0]: card is already used by card ${ann!.id} of membership ${ids().ann} in this company (the same number, or one a reader prints alike)`,
    ]);
    expect(problems.join('\n')).not.toContain('42959007069');
  });

  it('lets a revoked card be imported again, under a later feed sequence', async () => {
    const before = await suite.db.first(suite.db.qb.selectFrom('companies').select('feed_seq').where('id', '=', gym.company_id));
    const cat = await suite.db.first(suite.db.qb.selectFrom('credentials').select('id').where('canonical', '=', 'U:00402A75').where('company_id', '=', gym.company_id));
    await revokeCard(suite.db, systemActor(gym.company_id, 'test'), cat!.id);
    const branch = await importBusiness(suite.db, branchFile({ member_code: 'CG-004', card_uids: ['00402A75'] }), { companyId: gym.company_id });
    const dan = branch.ids.memberships!.dan!;
    expect(await found('0004205173', 'main')).toBe(dan);
    const keys = await suite.db.all(suite.db.qb.selectFrom('credential_keys').select('feed_seq').where('membership_id', '=', dan));
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key.feed_seq).toBeGreaterThan(before!.feed_seq + 1);
  });
});
