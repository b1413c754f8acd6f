import { randomUUID } from 'node:crypto';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(dialects)('member check-in and visits (%s)', (dialect) => {
  let f: Fixture;
  let build: ReturnType<typeof memberBuilder>;
  let base: string;
  beforeAll(async () => {
    f = await startFixture(dialect);
    build = memberBuilder(f);
    base = await f.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => f.close());

  /** A check-in that claims a device's facts (offline, a device, a past time) goes with that device's key, as its agent sends it. */
  const claimsDevice = (body: Record<string, unknown>) => body.offline !== undefined || body.device_id !== undefined || body.source === 'turnstile';
  const checkIn = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    f.request('POST', '/v1/members/check-in', {
      body: { location_id: f.acme.us.id, ...body },
      headers,
      ...(claimsDevice(body) && { key: await f.deviceKey((body.device_id as string | undefined) ?? 'gate-1') }),
    });
  const visitsOf = async (membershipId: string) => (await f.db.all(f.db.qb.selectFrom('visits').select('id').where('membership_id', '=', membershipId))).length;
  const denialsOf = async (membershipId: string) =>
    (await f.db.all(f.db.qb.selectFrom('checkin_denials').select('reasons').where('membership_id', '=', membershipId))).map((d) => JSON.parse(d.reasons));

  it('records a visit and shows it in the visit list and in the membership usage', async () => {
    const m = await build.member({ cards: [{ value: '1000000001' }] });
    const answer = await checkIn({ identifier: '1000000001', source: 'turnstile', device_id: 'gate-1' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      membership_id: m.membershipId,
      contact_id: m.contactId,
      location_id: f.acme.us.id,
      kind: 'facility',
      class_id: null,
      source: 'turnstile',
      device_id: 'gate-1',
      resolved_by: 'card_uid',
      visits_used: 1,
      visits_remaining: null,
      offline: false,
      flags: [],
    });
    const list = await f.request('GET', `/v1/members/${m.membershipId}/visits`);
    expect(list.body.data).toEqual([answer.body]);
    const held = await f.request('GET', `/v1/contacts/${m.contactId}/memberships`);
    expect(held.body.data[0]).toMatchObject({ id: m.membershipId, visits_used: 1, visits_remaining: null });
  });

  it('admits up to the visit limit exactly, then refuses with an audit record that is never counted', async () => {
    const planId = await build.plan({ visitLimit: 2, visitPeriod: 'month' });
    const m = await build.member({ planId, code: 'limit-two', cards: [{ value: '1000000002' }] });
    expect((await checkIn({ identifier: 'limit-two' })).body).toMatchObject({ visits_used: 1, visits_remaining: 1 });
    expect((await checkIn({ identifier: '1000000002' })).body).toMatchObject({ visits_used: 2, visits_remaining: 0 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await checkIn({ identifier: 'limit-two' });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({ type: 'invalid_request', code: 'checkin_blocked', reasons: ['no_visits_remaining'] });
    }
    expect(await visitsOf(m.membershipId)).toBe(2);
    expect(await denialsOf(m.membershipId)).toEqual([['no_visits_remaining'], ['no_visits_remaining']]);
    const resolved = await f.request('POST', '/v1/members/resolve', { body: { identifier: 'limit-two', location_id: f.acme.us.id } });
    expect(resolved.body).toMatchObject({ valid_for_checkin: false, reason: 'no_visits_remaining' });
    const held = await f.request('GET', `/v1/contacts/${m.contactId}/memberships`);
    expect(held.body.data[0]).toMatchObject({ visit_limit: 2, visits_used: 2, visits_remaining: 0 });
  });

  it('spends package credits, then refuses', async () => {
    const m = await build.member({ package: { credits: 2 }, code: 'pack-two' });
    expect((await checkIn({ identifier: 'pack-two' })).status).toBe(201);
    expect((await checkIn({ identifier: 'pack-two' })).body).toMatchObject({ visits_remaining: 0 });
    expect((await checkIn({ identifier: 'pack-two' })).body.error.reasons).toEqual(['no_visits_remaining']);
    const held = await f.request('GET', `/v1/contacts/${m.contactId}/memberships`);
    expect(held.body.data[0]).toMatchObject({ kind: 'package', credits_total: 2, credits_remaining: 0 });
  });

  it('gives one visit for two concurrent check-ins with one Idempotency-Key', async () => {
    const m = await build.member({ code: 'twice-at-once' });
    const key = randomUUID();
    const send = () =>
      fetch(`${base}/v1/members/check-in`, {
        method: 'POST',
        headers: { authorization: `Bearer ${f.keys.all}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ identifier: 'twice-at-once', location_id: f.acme.us.id }),
      });
    const answers = await Promise.all([send(), send()]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(bodies[0]).toEqual(bodies[1]);
    expect(await visitsOf(m.membershipId)).toBe(1);
  });

  it('never lets parallel scans exceed a visit limit', async () => {
    const planId = await build.plan({ visitLimit: 3, visitPeriod: 'day' });
    const m = await build.member({ planId, code: 'rush' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${base}/v1/members/check-in`, {
          method: 'POST',
          headers: { authorization: `Bearer ${f.keys.all}`, 'content-type': 'application/json' },
          body: JSON.stringify({ identifier: 'rush', location_id: f.acme.us.id }),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201).length).toBe(3);
    expect(answers.filter((a) => a.status === 422).length).toBe(9);
    expect(await visitsOf(m.membershipId)).toBe(3);
  });

  it('replays a refused check-in for the same key without a second audit record', async () => {
    const m = await build.member({ code: 'paused-keyed', status: 'paused' });
    const key = randomUUID();
    const first = await checkIn({ identifier: 'paused-keyed' }, { 'idempotency-key': key });
    const again = await checkIn({ identifier: 'paused-keyed' }, { 'idempotency-key': key });
    expect(first.status).toBe(422);
    expect(again.status).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await denialsOf(m.membershipId)).toEqual([['paused']]);
  });

  it('records an offline visit for a since-cancelled membership, flagged for staff', async () => {
    const m = await build.member({ code: 'gone-offline', status: 'cancelled', cards: [{ value: '1000000003' }] });
    const at = new Date(Date.now() - 3600_000).toISOString();
    const answer = await checkIn({ identifier: 'gone-offline', offline: true, checked_in_at: at, source: 'turnstile', device_id: 'gate-2' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ offline: true, checked_in_at: at, flags: ['ineligible_at_checkin', 'cancelled'] });
    expect(await visitsOf(m.membershipId)).toBe(1);
    expect((await checkIn({ identifier: 'gone-offline' })).status).toBe(422);
  });

  it('records an offline visit from a device whose clock runs ahead at the server time, flagged', async () => {
    const m = await build.member({ code: 'fast-clock' });
    const ahead = new Date(Date.now() + 3600_000).toISOString();
    const before = Date.now();
    const answer = await checkIn({ identifier: 'fast-clock', offline: true, checked_in_at: ahead, source: 'turnstile', device_id: 'gate-3' });
    expect(answer.status).toBe(201);
    expect(answer.body.flags).toContain('device_clock_ahead');
    expect(Date.parse(answer.body.checked_in_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(answer.body.checked_in_at)).toBeLessThanOrEqual(Date.now());
    expect(await visitsOf(m.membershipId)).toBe(1);
    // Online, the device asks for a decision: a time that far ahead is still a bad request.
    expect((await checkIn({ identifier: 'fast-clock', checked_in_at: ahead })).body.error).toMatchObject({ code: 'invalid_param', param: 'checked_in_at' });
  });

  it('checks in by contact with the membership that admits, and by membership id', async () => {
    const m = await build.member({ status: 'cancelled', code: 'old-plan' });
    const current = await f.db.first(f.db.qb.selectFrom('contacts').select('id').where('id', '=', m.contactId));
    const planId = await build.plan();
    const sold = await f.request('POST', `/v1/contacts/${current!.id}/memberships`, { body: { plan_id: planId, member_code: 'new-plan' } });
    expect(sold.status).toBe(201);
    const byContact = await checkIn({ contact_id: m.contactId });
    expect(byContact.status).toBe(201);
    expect(byContact.body.membership_id).toBe(sold.body.id);
    expect(byContact.body.resolved_by).toBeNull();
    expect((await checkIn({ membership_id: m.membershipId })).body.error.reasons).toEqual(['cancelled']);
  });

  it('refuses bad requests clearly', async () => {
    expect((await checkIn({})).body.error).toMatchObject({ code: 'missing_field', param: 'identifier' });
    expect((await checkIn({ identifier: 'a', contact_id: randomUUID() })).body.error).toMatchObject({ code: 'invalid_param', param: 'contact_id' });
    const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
    expect((await checkIn({ identifier: 'a', checked_in_at: ahead })).body.error).toMatchObject({ code: 'invalid_param', param: 'checked_in_at' });
    const unknown = await checkIn({ identifier: 'no-such-member' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ type: 'not_found', code: 'member_not_found', param: 'identifier' });
    const denied = await f.db.all(f.db.qb.selectFrom('checkin_denials').select(['reasons', 'credential_hash']).where('membership_id', 'is', null));
    expect(denied.some((d) => d.reasons === '["not_found"]' && d.credential_hash !== null && !d.credential_hash.includes('no-such-member'))).toBe(true);
    expect((await checkIn({ membership_id: randomUUID() })).body.error).toMatchObject({ code: 'resource_missing', param: 'membership_id' });
  });

  it('lists visits newest first, by page, within from/to, for either scope', async () => {
    const m = await build.member({ code: 'regular' });
    for (let day = 5; day >= 1; day--) {
      await checkIn({ identifier: 'regular', offline: true, source: 'turnstile', checked_in_at: new Date(Date.now() - day * 86_400_000).toISOString() });
    }
    const key = await f.mint({ scopes: ['read:memberships'] });
    const first = await f.request('GET', `/v1/members/${m.membershipId}/visits?limit=2`, { key });
    expect(first.status).toBe(200);
    const second = await f.request('GET', `/v1/members/${m.membershipId}/visits?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`, { key });
    const times = [...first.body.data, ...second.body.data].map((v: { checked_in_at: string }) => v.checked_in_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(times.length).toBe(4);
    const from = new Date(Date.now() - 2.5 * 86_400_000).toISOString();
    const recent = await f.request('GET', `/v1/members/${m.membershipId}/visits?from=${encodeURIComponent(from)}`);
    expect(recent.body.data.length).toBe(2);
    expect((await f.request('GET', `/v1/members/${randomUUID()}/visits`)).status).toBe(404);
    expect((await f.request('GET', `/v1/members/${m.membershipId}/visits`, { key: f.keys.other })).status).toBe(404);
  });

  it('sells a membership whose code resolves at once, and refuses a code in use', async () => {
    const contact = await f.request('POST', '/v1/contacts', { body: { first_name: 'Buyer', location_id: f.acme.us.id } });
    const planId = await build.plan({ visitLimit: 8 });
    const sold = await f.request('POST', `/v1/contacts/${contact.body.id}/memberships`, { body: { plan_id: planId, member_code: 'buyer-1' } });
    expect(sold.status).toBe(201);
    expect(sold.body).toMatchObject({
      contact_id: contact.body.id,
      kind: 'membership',
      plan_id: planId,
      status: 'active',
      member_code: 'buyer-1',
      visit_limit: 8,
      visits_used: 0,
      visits_remaining: 8,
    });
    expect((await checkIn({ identifier: 'BUYER-1' })).status).toBe(201);
    const taken = await f.request('POST', `/v1/contacts/${contact.body.id}/memberships`, { body: { plan_id: planId, member_code: 'Buyer-1' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'member_code_taken', param: 'member_code' });
    expect((await f.request('POST', `/v1/contacts/${contact.body.id}/memberships`, { body: { plan_id: randomUUID() } })).body.error).toMatchObject({ code: 'resource_missing', param: 'plan_id' });
  });
});
