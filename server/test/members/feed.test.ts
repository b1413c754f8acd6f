import { credentialHash, memberCodeKey } from '@studio/shared';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeCard, setFormSigned, setMembershipStatus } from '../../src/modules/members/admin.js';
import { FeedConsumer } from '../helpers/feed-consumer.js';
import { systemActor } from '../../src/domain/actor.js';

describe.each(dialects)('the offline eligibility feed (%s)', (dialect) => {
  let f: Fixture;
  let build: ReturnType<typeof memberBuilder>;
  beforeAll(async () => {
    f = await startFixture(dialect);
    build = memberBuilder(f);
  });
  afterAll(() => f.close());

  it('loads in full by pages, names credentials by hash only, then answers deltas', async () => {
    const site = await build.location();
    const planId = await build.plan({ locationId: site, visitLimit: 5 });
    const members: Awaited<ReturnType<typeof build.member>>[] = [];
    for (let i = 0; i < 7; i++) members.push(await build.member({ locationId: site, planId, code: `feed-${i}`, cards: [{ value: String(2_000_000_000 + i) }] }));
    const consumer = new FeedConsumer(f, site, 4);
    const full = await consumer.sync();
    expect(consumer.pages).toBeGreaterThan(2);
    // Each member: a code key and a card key; the card read as 10-digit decimal gives one 4-byte key.
    const ours = full.filter((row) => members.some((m) => m.membershipId === row.membership_id));
    expect(ours.length).toBe(14);
    const text = JSON.stringify(full);
    expect(text).not.toContain('FEED-0');
    expect(text).not.toContain('2000000000');
    expect(consumer.rows.has(credentialHash(consumer.secret, memberCodeKey('feed-3')))).toBe(true);
    expect(consumer.decide('feed-3')).toMatchObject({ found: true, membership_id: members[3]!.membershipId, valid: true });

    expect(await consumer.sync()).toEqual([]);
    await setMembershipStatus(f.db, systemActor(f.acme.id, 'test'), members[1]!.membershipId, 'past_due');
    await revokeCard(f.db, systemActor(f.acme.id, 'test'), members[2]!.cardIds[0]!);
    await setFormSigned(f.db, systemActor(f.acme.id, 'test'), members[4]!.contactId, null);
    const check = await f.request('POST', '/v1/members/check-in', { body: { identifier: 'feed-5', location_id: site } });
    expect(check.status).toBe(201);
    const delta = await consumer.sync();
    const byMembership = (id: string) => delta.filter((row) => row.membership_id === id);
    expect(byMembership(members[1]!.membershipId).every((row) => row.status === 'past_due' && !row.valid_for_checkin && row.reason === 'past_due')).toBe(true);
    expect(byMembership(members[2]!.membershipId).filter((row) => row.deleted).length).toBe(1);
    expect(consumer.decide(String(2_000_000_002)).found).toBe(false);
    expect(consumer.decide('feed-2').found).toBe(true);
    expect(byMembership(members[4]!.membershipId).every((row) => !row.form_signed && row.warnings.includes('form_missing'))).toBe(true);
    expect(byMembership(members[5]!.membershipId).every((row) => row.used === 1 && row.visits_remaining === 4)).toBe(true);
    expect(new Set(delta.map((row) => row.membership_id)).size).toBe(4);
  });

  it('keeps ended memberships and members the location does not admit as rows with their reason, names hidden for the latter', async () => {
    const site = await build.location();
    const elsewhere = await build.location();
    const onlyElsewhere = await build.plan({ locationId: elsewhere, accessLocationIds: [elsewhere] });
    const everywhere = await build.plan({ locationId: elsewhere });
    const local = await build.member({ locationId: site, code: 'local-1', firstName: 'Lou' });
    const away = await build.member({ locationId: elsewhere, planId: onlyElsewhere, code: 'away-only', firstName: 'Ada' });
    await build.member({ locationId: elsewhere, planId: everywhere, code: 'roams' });
    const consumer = new FeedConsumer(f, site);
    await consumer.sync();
    expect(consumer.decide('local-1')).toMatchObject({ found: true, valid: true });
    expect(consumer.decide('roams')).toMatchObject({ found: true, valid: true });
    expect(consumer.decide('away-only')).toMatchObject({ found: true, valid: false, reason: 'location_not_allowed' });
    const awayRow = [...consumer.rows.values()].find((row) => row.membership_id === away.membershipId)!;
    expect(awayRow).toMatchObject({ first_name: '', plan_name: '', reason: 'location_not_allowed' });
    await setMembershipStatus(f.db, systemActor(f.acme.id, 'test'), local.membershipId, 'cancelled');
    const delta = await consumer.sync();
    expect(delta.filter((row) => row.membership_id === local.membershipId).map((row) => [row.deleted, row.reason])).toEqual([[false, 'cancelled']]);
    expect(consumer.decide('local-1')).toMatchObject({ found: true, valid: false, reason: 'cancelled' });
  });

  it("carries the package's or plan's door setting, so the agent counts its offline door visits as the server will", async () => {
    const site = await build.location();
    const free = await build.member({ locationId: site, code: 'door-free', package: { credits: 3, doorCheckinConsumes: 'nothing' } });
    const paid = await build.member({ locationId: site, code: 'door-paid', package: { credits: 3 } });
    const member = await build.member({ locationId: site, code: 'door-plan' });
    const rows = await new FeedConsumer(f, site).sync();
    const settingOf = (id: string) => [...new Set(rows.filter((row) => row.membership_id === id).map((row) => row.door_checkin_consumes))];
    expect(settingOf(free.membershipId)).toEqual(['nothing']);
    expect(settingOf(paid.membershipId)).toEqual(['visit']);
    expect(settingOf(member.membershipId)).toEqual(['visit']);
  });

  it('refuses a cursor from another location, and needs location_id for a key with several', async () => {
    const consumer = new FeedConsumer(f, f.acme.us.id);
    await consumer.sync();
    const swapped = await f.request('GET', `/v1/members/eligibility?location_id=${f.acme.gb.id}&cursor=${encodeURIComponent(consumer.cursor!)}`);
    expect(swapped.body.error).toMatchObject({ code: 'invalid_param', param: 'cursor' });
    expect((await f.request('GET', '/v1/members/eligibility')).body.error).toMatchObject({ code: 'missing_field', param: 'location_id' });
    expect((await f.request('GET', '/v1/members/eligibility', { key: f.keys.usOnly })).status).toBe(200);
    expect((await f.request('GET', `/v1/members/eligibility?location_id=${f.acme.gb.id}`, { key: f.keys.usOnly })).status).toBe(403);
  });
});
