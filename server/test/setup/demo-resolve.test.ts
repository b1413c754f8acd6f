import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { resolverFor } from '../helpers/resolver.js';

/** Fixed ids of server/examples/demo-business.json. */
const brooklyn = 'cbf0a9af-f340-5c03-a2e1-9aab1fe2401c';
const london = '51d776da-2e01-50e6-88ba-7059ee450b81';
const members = {
  emma: '149b055d-3740-5aaa-bc58-b8f9bc197f8f',
  liam: '75223693-fab4-51f2-a5fc-53305c0d8b74',
  olivia: '69f5bb03-9764-5e53-a185-88b4d929ba8c',
  lucas: '66356377-1bb9-5a19-a3ea-8a33c57cc122',
  mia: '3c21c92b-a6ef-5138-a818-d505086d71fb',
  freya: 'edef0bb4-dbea-5819-885e-de6b6f2c2aab',
};

describe.each(dialects)('the demo business at the gate, on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let resolver: Awaited<ReturnType<typeof resolverFor>>;
  beforeAll(async () => {
    await seedDemo(suite.db);
    resolver = await resolverFor(suite.db, demoCompanyId);
  });
  afterAll(async () => {
    await resolver.close();
  });

  const found = async (identifier: string, location: string) => (await resolver.resolve(identifier, location)).membership_id;

  it('gives every member code and card its match keys, under one feed sequence', async () => {
    const keys = await suite.db.all(suite.db.qb.selectFrom('credential_keys').select(['kind', 'feed_seq']).where('company_id', '=', demoCompanyId));
    // 20 member codes; 15 cards, of which the three 5-byte EM4100 numbers also answer to their low 4 bytes.
    expect(keys.filter((key) => key.kind === 'code')).toHaveLength(20);
    expect(keys.filter((key) => key.kind === 'card_uid')).toHaveLength(18);
    expect(new Set(keys.map((key) => key.feed_seq)).size).toBe(1);
    const badge = await suite.db.first(suite.db.qb.selectFrom('credentials').select(['format', 'canonical']).where('membership_id', '=', members.freya));
    expect(badge).toEqual({ format: 'wiegand26', canonical: 'W:125,40961' });
    const signed = await suite.db.all(suite.db.qb.selectFrom('contacts').select('form_signed_at').where('form_signed_at', 'is not', null));
    expect(signed).toHaveLength(25);
  });

  it('finds members by code in any case', async () => {
    expect(await resolver.resolve(' hf-1001 ', brooklyn)).toMatchObject({ found: true, membership_id: members.emma, resolved_by: 'code' });
    expect(await found('hl-2006', london)).toBe(members.freya);
  });

  it('finds each card in every printed form the location reads', async () => {
    const prints: [string, string, string][] = [
      // A 7-byte MIFARE UID, forward and as a cheap wedge prints it (reversed).
      ['emma', '04A3B2C1D5E680', brooklyn],
      ['emma', '80E6D5C1B2A304', brooklyn],
      // A 10-digit decimal fob, as 8 hex digits and without its leading zeros.
      ['liam', '0012345678', brooklyn],
      ['liam', '00BC614E', brooklyn],
      ['liam', '12345678', brooklyn],
      // An EM4100 tag: 10 hex, 40-bit decimal, its low 32 bits in hex and as 10 digits.
      ['olivia', '3B00A1C2F4', brooklyn],
      ['olivia', '253413671668', brooklyn],
      ['olivia', '00A1C2F4', london],
      ['olivia', '0010601204', london],
      // A 4-byte MIFARE UID, and the byte-reversed decimal some wedges print.
      ['lucas', '1C78F2BF', brooklyn],
      ['lucas', '3220338716', brooklyn],
      // A Wiegand 26 badge where the readers speak Wiegand 26, also from a full number's print.
      ['freya', '125,40961', london],
      ['freya', '125 40961', london],
      ['freya', '12540961', london],
      ['freya', '0008232961', london],
    ];
    for (const [member, printed, location] of prints) {
      expect(await resolver.resolve(printed, location), printed).toMatchObject({ found: true, membership_id: members[member as keyof typeof members], resolved_by: 'card_uid' });
    }
  });

  it('never matches a Wiegand 26 print where W26 is off, nor a full number by its W26 print', async () => {
    expect(await found('125,40961', brooklyn)).toBe(null);
    // Olivia's card as a W26 reader would send it (facility 0xA1, card 0xC2F4).
    expect(await found('161,49908', london)).toBe(null);
  });

  it("applies each location's check-in alerts", async () => {
    // Lucas has a card but no signed form: Brooklyn warns.
    expect((await resolver.resolve('1C78F2BF', brooklyn)).warnings).toEqual(['form_missing']);
    // Mia has no card: Brooklyn blocks that (the reason may be closing time first, at night).
    const mia = await resolver.resolve('HF-1011', brooklyn);
    expect(mia).toMatchObject({ found: true, membership_id: members.mia, valid_for_checkin: false });
    expect(['no_card', 'outside_access_hours']).toContain(mia.reason);
    expect((await resolver.resolve('HF-1011', london)).warnings).not.toContain('no_card');
  });
});
