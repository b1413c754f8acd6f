import { membershipStatuses } from '@studio/shared';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, revokeCard, setFormSigned, setMembershipStatus } from '../../src/modules/members/admin.js';
import { FeedConsumer } from '../helpers/feed-consumer.js';
import { systemActor } from '../../src/domain/actor.js';

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

// Three sequences every run (one alone let a missing feed bump on check-in through); set
// FEED_PROPERTY_SEED to replay or explore one.
const seeds = process.env.FEED_PROPERTY_SEED ? [Number(process.env.FEED_PROPERTY_SEED)] : [20261122, 1, 2];

describe.each(dialects)('a feed consumer agrees with resolve after random changes (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(() => f.close());

  it.each(seeds)('after 200 random changes (seed %i), the offline decision of every credential matches resolve', async (seed) => {
    const random = seeded(seed);
    const build = memberBuilder(f);
    const site = await build.location({ checkin_alerts: { past_due: 'block', no_card: 'warn', form_missing: 'block' } });
    const elsewhere = await build.location();
    const notAdmittedHere = await build.plan({ locationId: elsewhere, accessLocationIds: [elsewhere] });
    const plans = [
      await build.plan({ locationId: site }),
      await build.plan({ locationId: site, visitLimit: 3, visitPeriod: 'day' }),
      await build.plan({ locationId: site, visitLimit: 2, visitPeriod: 'month' }),
      notAdmittedHere,
    ];
    const members: { membershipId: string; contactId: string; planId: string }[] = [];
    const identifiers: string[] = [];
    const cards: string[] = [];
    let serial = 0;
    // Codes and card numbers are unique per seed: the sequences share one database.
    const newCard = () => String(3_000_000_000 + (seed % 97) * 1_000_000 + serial++ * 7919);
    for (let i = 0; i < 12; i++) {
      const card = newCard();
      const planId = random.pick(plans);
      const m = await build.member({ locationId: site, planId, code: `s${seed}-prop-${i}`, cards: [{ value: card }], formSigned: random.next() < 0.7 });
      members.push({ ...m, planId });
      identifiers.push(`s${seed}-prop-${i}`, card);
      cards.push(...m.cardIds);
    }

    const consumer = new FeedConsumer(f, site, 7);
    await consumer.sync();
    const changes: string[] = [];
    const compareAll = async () => {
      await consumer.sync();
      for (const identifier of identifiers) {
        const online = (await f.request('POST', '/v1/members/resolve', { body: { identifier, location_id: site } })).body;
        const offline = consumer.decide(identifier);
        const context = `${identifier} after ${changes.length} changes: ${changes.slice(-5).join(', ')}`;
        expect(offline.valid, context).toBe(online.valid_for_checkin);
        // The same reason for every rule: ended memberships and members the plan does not admit
        // here are rows with their reason; only a revoked credential is gone (not_found both ways).
        expect(offline.reason, context).toBe(online.reason);
        expect(offline.found, context).toBe(online.found);
        if (offline.found) expect(offline.membership_id, context).toBe(online.membership_id);
      }
    };

    for (let step = 0; step < 200; step++) {
      const member = random.pick(members);
      const roll = random.next();
      if (roll < 0.15) {
        const status = random.pick(membershipStatuses);
        await setMembershipStatus(f.db, systemActor(f.acme.id, 'test'), member.membershipId, status);
        changes.push(`status ${status}`);
      } else if (roll < 0.25) {
        const signed = random.next() < 0.5;
        await setFormSigned(f.db, systemActor(f.acme.id, 'test'), member.contactId, signed ? new Date().toISOString() : null);
        changes.push(`form ${signed}`);
      } else if (roll < 0.32 && cards.length) {
        const card = cards.splice(Math.floor(random.next() * cards.length), 1)[0]!;
        await revokeCard(f.db, systemActor(f.acme.id, 'test'), card);
        changes.push('revoke');
      } else if (roll < 0.42) {
        const value = newCard();
        cards.push((await addCard(f.db, systemActor(f.acme.id, 'test'), member.membershipId, value)).id);
        identifiers.push(value);
        changes.push('add card');
      } else if (roll < 0.95) {
        const identifier = random.pick(identifiers);
        const offline = random.next() < 0.2;
        await f.request('POST', '/v1/members/check-in', { body: { identifier, location_id: site, ...(offline && { offline: true }) } });
        changes.push(offline ? 'offline visit' : 'check-in');
      } else {
        const code = `s${seed}-sold-${step}`;
        const planId = random.pick(plans);
        const sold = await f.request('POST', `/v1/contacts/${member.contactId}/memberships`, { body: { plan_id: planId, member_code: code } });
        if (sold.status === 201) members.push({ membershipId: sold.body.id, contactId: member.contactId, planId });
        identifiers.push(code);
        changes.push('sell');
      }
      if (step % 20 === 19) await compareAll();
    }
    await compareAll();
    expect(changes.length).toBe(200);
  });
});
