import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard } from '../../src/modules/members/admin.js';
import { ImportError } from '../../src/modules/setup/import-problems.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { systemActor } from '../../src/domain/actor.js';

/**
 * Member codes and card numbers share one namespace: a scan's code key is tried before its card
 * keys, so a code equal to a print of another member's card would take that card over.
 */
describe.each(dialects)('member codes and card numbers share one namespace (%s)', (dialect) => {
  let f: Fixture;
  let build: ReturnType<typeof memberBuilder>;
  let emma: { membershipId: string };
  let planId: string;

  beforeAll(async () => {
    f = await startFixture(dialect);
    build = memberBuilder(f);
    planId = await build.plan();
    // A 7-byte MIFARE UID and a 5-byte EM4100 tag (README: 0009334109, 008E6D5D and 0A008E6D5D are one tag).
    emma = await build.member({
      firstName: 'Emma',
      cards: [
        { value: '04A3B2C1D5E680', format: 'hex' },
        { value: '0A008E6D5D', format: 'hex' },
      ],
    });
  });
  afterAll(() => f.close());

  const resolve = async (identifier: string) => (await f.request('POST', '/v1/members/resolve', { body: { identifier, location_id: f.acme.us.id } })).body as { membership_id: string | null };
  const sell = async (code: string) => {
    const contact = await f.request('POST', '/v1/contacts', { body: { first_name: 'Sophia', location_id: f.acme.us.id } });
    return f.request('POST', `/v1/contacts/${contact.body.id}/memberships`, { body: { plan_id: planId, member_code: code } });
  };

  it("refuses a member code that is any printed form of another member's card, and Emma's card stays hers", async () => {
    const prints = ['04A3B2C1D5E680', '04a3b2c1d5e680', '80E6D5C1B2A304', '0x04A3B2C1D5E680', '04:A3:B2:C1:D5:E6:80', '0A008E6D5D', '008E6D5D', '5D6D8E00', '0009334109', '9334109'];
    for (const code of prints) {
      const answer = await sell(code);
      expect(answer.status, code).toBe(409);
      expect(answer.body.error, code).toMatchObject({ code: 'member_code_taken', param: 'member_code' });
      expect(answer.body.error.message).toMatch(/card/);
    }
    expect((await resolve('04A3B2C1D5E680')).membership_id).toBe(emma.membershipId);
    expect((await resolve('0009334109')).membership_id).toBe(emma.membershipId);
    // A code no reader prints her cards as is sold as before.
    expect((await sell('HF-2001')).status).toBe(201);
    expect((await sell('87654321')).status).toBe(201);
  });

  it("refuses a card one of whose prints is another member's code, and the code keeps resolving to its holder", async () => {
    const holder = await build.member({ code: '1C2D3E4F5A' });
    await expect(addCard(f.db, systemActor(f.acme.id, 'test'), emma.membershipId, '1c2d3e4f5a', 'hex')).rejects.toMatchObject({ code: 'invalid_param', param: 'uid' });
    // The same tag typed in decimal, and a 4-byte UID whose reversed print is a code.
    const reversedHolder = await build.member({ code: '78563412' });
    await expect(addCard(f.db, systemActor(f.acme.id, 'test'), emma.membershipId, String(0x1c2d3e4f5an), 'decimal')).rejects.toMatchObject({ param: 'uid' });
    await expect(addCard(f.db, systemActor(f.acme.id, 'test'), emma.membershipId, '12345678', 'hex')).rejects.toMatchObject({ param: 'uid' });
    expect((await resolve('1C2D3E4F5A')).membership_id).toBe(holder.membershipId);
    expect((await resolve('78563412')).membership_id).toBe(reversedHolder.membershipId);
    // A card no code shadows is enrolled; a member's own code and card may coincide (both are theirs).
    await expect(addCard(f.db, systemActor(f.acme.id, 'test'), emma.membershipId, '0B00000001', 'hex')).resolves.toMatchObject({ membership_id: emma.membershipId });
    await expect(addCard(f.db, systemActor(f.acme.id, 'test'), holder.membershipId, '1C2D3E4F5A', 'hex')).resolves.toMatchObject({ membership_id: holder.membershipId });
  });

  /** A small business: Ann holds an EM4100 tag, Bob the code given. */
  const file = (bobCode: string, companyPart: Record<string, unknown>) => ({
    version: 1,
    ...companyPart,
    locations: [{ ref: 'main', name: 'Main', slug: `main-${bobCode.length}-${Object.keys(companyPart).length}`, timezone: 'Europe/Dublin', country: 'IE' }],
    membership_plans: [{ ref: 'open', location: 'main', name: 'Open', price_cents: 5000, billing_interval: 'monthly' }],
    contacts: [
      { ref: 'ann', location: 'main', first_name: 'Ann' },
      { ref: 'bob', location: 'main', first_name: 'Bob' },
    ],
    memberships: [
      { ref: 'ann', contact: 'ann', plan: 'open', start_date: '2026-01-01', card_uids: [{ uid: '0B008E6D5D', format: 'hex' }] },
      { ref: 'bob', contact: 'bob', plan: 'open', start_date: '2026-01-01', member_code: bobCode },
    ],
  });
  const problemsOf = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportError);
    return (error as ImportError).problems.join('\n');
  };

  it("refuses an import whose member code is a print of another membership's card, in the file or in the database", async () => {
    // In one file: Bob's code is Ann's tag in decimal (low 32 bits, zero-padded).
    const inFile = await problemsOf(importBusiness(f.db, file('0009334109', { company: { name: 'Clash Gym', key_prefix: 'clashgym' } })));
    expect(inFile).toMatch(/memberships\[1\].*share one namespace/);
    expect(inFile).not.toContain('0B008E6D5D');
    // Against the database: Emma's card as a code in a file added to her company.
    const intoAcme = await problemsOf(importBusiness(f.db, file('80E6D5C1B2A304', {}), { companyId: f.acme.id }));
    expect(intoAcme).toMatch(/is how a reader prints a card of membership/);
    // The same file with a code no card is printed as imports.
    await expect(importBusiness(f.db, file('CG-100', { company: { name: 'Calm Gym', key_prefix: 'calmgym' } }))).resolves.toBeDefined();
  });
});
