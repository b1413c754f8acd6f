import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedConsumer } from '../helpers/feed-consumer.js';

/** Issue 14, 4a: a visit whose door never opened is voided and no longer counts. */
describe.each(dialects)('voiding a visit whose door never opened (%s)', (dialect) => {
  let f: Fixture;
  let build: ReturnType<typeof memberBuilder>;
  beforeAll(async () => {
    f = await startFixture(dialect);
    build = memberBuilder(f);
  });
  afterAll(() => f.close());

  /** The turnstile's check-in and void go with its device key (issue 29: a visit is voided by the device that recorded it). */
  const checkIn = async (membershipId: string) => {
    const answer = await f.request('POST', '/v1/members/check-in', { body: { membership_id: membershipId, location_id: f.acme.us.id, source: 'turnstile' }, key: await f.deviceKey() });
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  };
  const voidIt = async (visitId: string, key?: string) => f.request('POST', `/v1/members/visits/${visitId}/void`, { body: { reason: 'door_not_opened' }, key: key ?? (await f.deviceKey()) });

  it('gives back the visit of a visit-limited plan and of a pack, drops it from the visit list and the feed count, idempotently', async () => {
    const planId = await build.plan({ visitLimit: 1, visitPeriod: 'month' });
    const limited = await build.member({ planId, code: 'VOID-PLAN' });
    const pack = await build.member({ package: { credits: 1 }, code: 'VOID-PACK' });
    const consumer = new FeedConsumer(f, f.acme.us.id);
    await consumer.sync();
    for (const [member, code] of [
      [limited, 'VOID-PLAN'],
      [pack, 'VOID-PACK'],
    ] as const) {
      const visitId = await checkIn(member.membershipId);
      expect((await f.request('POST', '/v1/members/resolve', { body: { identifier: code, location_id: f.acme.us.id } })).body.reason).toBe('no_visits_remaining');
      const voided = await voidIt(visitId);
      expect(voided.status).toBe(200);
      expect(voided.body).toMatchObject({ id: visitId, membership_id: member.membershipId, location_id: f.acme.us.id, reason: 'door_not_opened' });
      expect((await f.request('POST', '/v1/members/resolve', { body: { identifier: code, location_id: f.acme.us.id } })).body).toMatchObject({ valid_for_checkin: true, reason: null });
      expect((await f.request('GET', `/v1/members/${member.membershipId}/visits`)).body.data).toEqual([]);
      // Again: the same answer, nothing changed.
      const again = await voidIt(visitId);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(voided.body);
    }
    await consumer.sync();
    expect(consumer.decide('VOID-PLAN')).toMatchObject({ valid: true, visits_remaining: 1 });
    expect(consumer.decide('VOID-PACK')).toMatchObject({ valid: true, visits_remaining: 1 });
    // The visit the member did make still counts.
    await checkIn(pack.membershipId);
    expect((await f.request('POST', '/v1/members/resolve', { body: { identifier: 'VOID-PACK', location_id: f.acme.us.id } })).body.reason).toBe('no_visits_remaining');
  });

  it('answers 404 for a visit of another company or none, 403 for a location the key may not act on, a key without checkin:members or one of no device', async () => {
    const member = await build.member({ code: 'VOID-GUARD' });
    const visitId = await checkIn(member.membershipId);
    const otherGate = await f.mintDevice('gate-1', 'turnstile', { company: f.other.id, location: f.other.location.id });
    expect((await voidIt(visitId, otherGate)).body.error).toMatchObject({ code: 'resource_missing', param: 'id' });
    expect((await voidIt('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const gbGate = await f.deviceKey('gb-gate', 'turnstile', f.acme.gb.id);
    expect((await voidIt(visitId, gbGate)).body.error).toMatchObject({ code: 'location_not_allowed' });
    const readOnly = await f.mint({ scopes: ['read:memberships'] });
    expect((await voidIt(visitId, readOnly)).status).toBe(403);
    expect((await voidIt(visitId, f.keys.all)).body.error).toMatchObject({ code: 'device_only' });
    const bad = await f.request('POST', `/v1/members/visits/${visitId}/void`, { body: { reason: 'changed my mind' }, key: await f.deviceKey() });
    expect(bad.status).toBe(400);
    expect((await f.request('GET', `/v1/members/${member.membershipId}/visits`)).body.data).toHaveLength(1);
  });
});
