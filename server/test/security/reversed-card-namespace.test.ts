import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../src/domain/actor.js';
import { addCard, revokeCard } from '../../src/modules/members/admin.js';
import { listCards } from '../../src/modules/memberships/cards.js';
import { ImportError } from '../../src/modules/setup/import-problems.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { clockAt, deskApp, deskStudio } from '../web/desk/desk-studio.js';

const base = Date.parse('2031-03-04T14:00:00.000Z');

/**
 * A 4- or 7-byte UID and its bytes reversed are one card to a location whose readers may print
 * either order (`byte_order: both`, the default): a scan's reversed reading is a candidate key.
 * So a card enrolled under the reversed number of another member's card let a reader printing
 * the other order check the one member in as the other (issue 30, N9). Enrolment refuses it, at
 * the desk, through the service the CLI calls, and in a setup import.
 */
describe.each(dialects)("a card may not be another member's card in the other byte order (%s)", (dialect) => {
  let f: Fixture;
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof deskStudio>>;

  beforeAll(async () => {
    f = await startFixture(dialect);
    s = await deskStudio(f);
    app = await deskApp(f, clockAt(base), () => s.desk);
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  const enrolAtDesk = async (membershipId: string, uid: string) => {
    const answer = await app.inject({ method: 'POST', url: '/app/api/cards', payload: { membership_id: membershipId, uid } });
    return { status: answer.statusCode, body: answer.json() };
  };
  const resolve = async (identifier: string, locationId: string) =>
    ((await f.request('POST', '/v1/members/resolve', { body: { identifier, location_id: locationId } })).body as { membership_id: string | null }).membership_id;

  it('refuses at the desk, 409 card_taken naming the byte order, the holder only when the desk may see them, never the number', async () => {
    const ann = await s.build.member({ locationId: s.site, firstName: 'Ann', cards: [{ value: '04A3B2C1D5E681', format: 'hex' }] });
    const elsewhereOnly = await s.build.plan({ locationId: s.elsewhere, accessLocationIds: [s.elsewhere] });
    const cleo = await s.build.member({ locationId: s.elsewhere, planId: elsewhereOnly, firstName: 'Cleo', cards: [{ value: '1A2B3C4D', format: 'hex' }] });
    const dan = await s.build.member({ locationId: s.site, firstName: 'Dan', cards: [{ value: '0C008E6D5E', format: 'hex' }] });
    const bob = await s.build.member({ locationId: s.site, firstName: 'Bob' });

    const annReversed = await enrolAtDesk(bob.membershipId, '81E6D5C1B2A304');
    expect(annReversed).toMatchObject({ status: 409, body: { error: { code: 'card_taken', param: 'uid', holder: { contact_id: ann.contactId, name: 'Ann' } } } });
    expect(annReversed.body.error.message).toMatch(/reverse order .* other byte order/);
    expect(JSON.stringify(annReversed.body)).not.toMatch(/81E6D5C1B2A304|04A3B2C1D5E681/i);

    // Cleo's location is not the desk's: the conflict is named, Cleo is not.
    const cleoReversed = await enrolAtDesk(bob.membershipId, '4D3C2B1A');
    expect(cleoReversed).toMatchObject({ status: 409, body: { error: { code: 'card_taken', param: 'uid' } } });
    expect(cleoReversed.body.error.holder).toBeUndefined();
    expect(cleoReversed.body.error.message).toMatch(/another member, and a reader printing the other byte order/);
    expect(JSON.stringify(cleoReversed.body)).not.toMatch(/Cleo|4D3C2B1A|1A2B3C4D/i);

    // A 5-byte EM4100 tag is also its low 4 bytes, whose reversed print is refused too.
    expect(await enrolAtDesk(bob.membershipId, '5E6D8E00')).toMatchObject({ status: 409, body: { error: { code: 'card_taken', holder: { name: 'Dan' } } } });

    // Each reversed print still checks its card's holder in, and Bob holds no card.
    expect(await resolve('81E6D5C1B2A304', s.site)).toBe(ann.membershipId);
    expect(await resolve('4D3C2B1A', s.elsewhere)).toBe(cleo.membershipId);
    expect(await resolve('5E6D8E00', s.site)).toBe(dan.membershipId);
    expect(await listCards(f.db, s.business, bob.membershipId)).toEqual([]);
  });

  it('refuses through the service the CLI calls; the holder may enrol her own reversed print, and a revoked card frees it', async () => {
    const business = systemActor(f.acme.id, 'test');
    const eve = await s.build.member({ locationId: s.site, firstName: 'Eve', cards: [{ value: '2B3C4D5E', format: 'hex' }] });
    const finn = await s.build.member({ locationId: s.site, firstName: 'Finn' });
    await expect(addCard(f.db, business, finn.membershipId, '5E4D3C2B', 'hex')).rejects.toMatchObject({ code: 'card_taken', param: 'uid' });
    await expect(addCard(f.db, business, finn.membershipId, '5e:4d:3c:2b', 'hex')).rejects.toMatchObject({ code: 'card_taken' });
    // A card that is nobody's in either order, and Eve's own card in the other order, are enrolled.
    await expect(addCard(f.db, business, finn.membershipId, '2B3C4D5F', 'hex')).resolves.toMatchObject({ membership_id: finn.membershipId });
    await expect(addCard(f.db, business, eve.membershipId, '5E4D3C2B', 'hex')).resolves.toMatchObject({ membership_id: eve.membershipId });
    // Once Eve's cards are revoked, either order may go to Finn.
    for (const card of await listCards(f.db, business, eve.membershipId)) await revokeCard(f.db, business, card.id);
    expect(await resolve('2B3C4D5E', s.site)).toBe(null);
    await expect(addCard(f.db, business, finn.membershipId, '5E4D3C2B', 'hex')).resolves.toMatchObject({ membership_id: finn.membershipId });
    expect(await resolve('2B3C4D5E', s.site)).toBe(finn.membershipId);
  });

  /** Ann holds a MIFARE card, Bob the card given. */
  const file = (bobCard: string, companyPart: Record<string, unknown>) => ({
    version: 1,
    ...companyPart,
    locations: [{ ref: 'main', name: 'Main', slug: `main-${bobCard.length}-${Object.keys(companyPart).length}`, timezone: 'Europe/Dublin', country: 'IE' }],
    membership_plans: [{ ref: 'open', location: 'main', name: 'Open', price_cents: 5000, billing_interval: 'monthly' }],
    contacts: [
      { ref: 'ann', location: 'main', first_name: 'Ann' },
      { ref: 'bob', location: 'main', first_name: 'Bob' },
    ],
    memberships: [
      { ref: 'ann', contact: 'ann', plan: 'open', start_date: '2026-01-01', card_uids: [{ uid: '04C0FFEE00AA11', format: 'hex' }] },
      { ref: 'bob', contact: 'bob', plan: 'open', start_date: '2026-01-01', card_uids: [{ uid: bobCard, format: 'hex' }] },
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

  it("refuses an import whose card is another membership's card in the other byte order, in the file or in the database", async () => {
    const inFile = await problemsOf(importBusiness(f.db, file('11AA00EEFFC004', { company: { name: 'Mirror Gym', key_prefix: 'mirrorgym' } })));
    expect(inFile).toMatch(/memberships\[1\] \(ref "bob"\)\.card_uids\[0\]: the card's bytes in reverse order are the card at memberships\[0\] \(ref "ann"\)\.card_uids\[0\]/);
    expect(inFile).not.toMatch(/11AA00EEFFC004|04C0FFEE00AA11/);
    // Against the database: a card of the desk's site, reversed, in a file added to its company.
    await s.build.member({ locationId: s.site, cards: [{ value: '04112233445566', format: 'hex' }] });
    const intoAcme = await problemsOf(importBusiness(f.db, file('66554433221104', {}), { companyId: f.acme.id }));
    expect(intoAcme).toMatch(/memberships\[1\] \(ref "bob"\)\.card_uids\[0\]: the card's bytes in reverse order are a card of membership [0-9a-f-]+ in this company/);
    // The same file with a card that is nobody's in either order imports.
    await expect(importBusiness(f.db, file('04C0FFEE00AA12', { company: { name: 'Plain Gym', key_prefix: 'plaingym' } }))).resolves.toBeDefined();
  });
});
