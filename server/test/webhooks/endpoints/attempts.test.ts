import { page, WebhookAttempt } from '@studio/shared';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIso } from '../../../src/clock/time.js';
import { testCompanyOf } from '../../../src/modules/companies/environments.js';
import { addEndpoint, addEvent, handClock, useReceivers, worker } from '../delivery/fixture.js';
import { deliveryTo, endpointOf } from './webhook-data.js';

const AttemptPage = page(WebhookAttempt);

/** GET /v1/webhook_deliveries/{id}/attempts: what each attempt of a delivery did, oldest first. */
describe.each(dialects)("a webhook delivery's attempts (%s)", (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(() => f.close());
  const receiver = useReceivers({
    get db() {
      return f.db;
    },
  });

  const attemptsOf = (key: string, delivery: string, query = '') => f.request('GET', `/v1/webhook_deliveries/${delivery}/attempts${query}`, { key });

  it('lists each attempt oldest first after a receiver answered 500, was down, then answered 204; a page at a time', async () => {
    const clock = handClock();
    const key = await f.mint({ scopes: ['write:webhooks'] });
    const hook = await receiver();
    hook.behaviour = () => 500;
    const endpoint = await addEndpoint(f.db, f.acme.id, hook.url, clock);
    const event = await addEvent(f.db, f.acme.id, clock);
    const sender = worker(f.db, clock);
    const times: string[] = [];
    try {
      times.push(toIso(clock.now()));
      await sender.runOnce();
      clock.advance(60_000);
      await hook.close();
      times.push(toIso(clock.now()));
      await sender.runOnce();
      clock.advance(5 * 60_000);
      await hook.listen(hook.port);
      hook.behaviour = () => 204;
      times.push(toIso(clock.now()));
      await sender.runOnce();
    } finally {
      await sender.stop();
    }
    expect(hook.idsReceived()).toEqual([event, event]);
    const delivery = (await f.db.first(f.db.qb.selectFrom('webhook_deliveries').select(['id', 'status', 'attempts']).where('endpoint_id', '=', endpoint.id)))!;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });

    const answer = await attemptsOf(key, delivery.id);
    expect(answer.status).toBe(200);
    const { data, next_cursor } = AttemptPage.parse(answer.body);
    expect(next_cursor).toBeNull();
    expect(data.map(({ delivery_id, at, status_code, error }) => ({ delivery_id, at, status_code, error }))).toEqual([
      { delivery_id: delivery.id, at: times[0], status_code: 500, error: 'HTTP 500' },
      { delivery_id: delivery.id, at: times[1], status_code: null, error: 'connection refused' },
      { delivery_id: delivery.id, at: times[2], status_code: 204, error: null },
    ]);
    expect(data.every((attempt) => Number.isInteger(attempt.latency_ms) && attempt.latency_ms >= 0)).toBe(true);

    // Two at a time: the cursor walks on from the second, and is bound to this delivery.
    const first = AttemptPage.parse((await attemptsOf(key, delivery.id, '?limit=2')).body);
    expect(first.data.map((attempt) => attempt.at)).toEqual(times.slice(0, 2));
    const cursor = `&cursor=${encodeURIComponent(first.next_cursor!)}`;
    const second = AttemptPage.parse((await attemptsOf(key, delivery.id, `?limit=2${cursor}`)).body);
    expect(second).toEqual({ data: [data[2]], next_cursor: null });
    const other = await deliveryTo(f.db, f.acme.id, endpoint.id);
    const reused = await attemptsOf(key, other, `?limit=2${cursor}`);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: { code: 'invalid_param', param: 'cursor' } });
  });

  it('answers an empty list for a delivery not tried yet', async () => {
    const key = await f.mint({ scopes: ['write:webhooks'] });
    const endpoint = await endpointOf(f.db, f.acme.id);
    const pending = await deliveryTo(f.db, f.acme.id, endpoint.id, { status: 'pending' });
    expect(await attemptsOf(key, pending)).toMatchObject({ status: 200, body: { data: [], next_cursor: null } });
  });

  it('finds no delivery of another company, nor of the other environment, whichever way round', async () => {
    const live = await f.mint({ scopes: ['write:webhooks'] });
    const test = await f.mint({ environment: 'test', scopes: ['write:webhooks'] });
    const foreign = await f.mint({ company: f.other.id, scopes: ['write:webhooks'] });
    const liveDelivery = await deliveryTo(f.db, f.acme.id, (await endpointOf(f.db, f.acme.id)).id);
    const twin = await testCompanyOf(f.db, f.acme.id);
    const testDelivery = await deliveryTo(f.db, twin, (await endpointOf(f.db, twin)).id);
    const foreignDelivery = await deliveryTo(f.db, f.other.id, (await endpointOf(f.db, f.other.id)).id);

    expect(AttemptPage.parse((await attemptsOf(live, liveDelivery)).body).data).toHaveLength(1);
    expect(AttemptPage.parse((await attemptsOf(test, testDelivery)).body).data).toHaveLength(1);
    for (const [key, delivery] of [
      [test, liveDelivery],
      [live, testDelivery],
      [live, foreignDelivery],
      [foreign, liveDelivery],
      [live, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const answer = await attemptsOf(key, delivery);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: { code: 'resource_missing', param: 'id', message: `No such webhook delivery: ${delivery}.` } });
    }
  });

  it('refuses a key without write:webhooks, and one limited to some locations, as the delivery log does', async () => {
    const delivery = await deliveryTo(f.db, f.acme.id, (await endpointOf(f.db, f.acme.id)).id);
    const unscoped = await attemptsOf(await f.mint({ scopes: ['read:events', 'read:contacts'] }), delivery);
    expect(unscoped.status).toBe(403);
    expect(unscoped.body).toMatchObject({ error: { code: 'insufficient_scope' } });
    const limited = await attemptsOf(await f.mint({ scopes: ['write:webhooks'], locations: [f.acme.us.id] }), delivery);
    expect(limited.status).toBe(403);
    expect(limited.body).toMatchObject({ error: { code: 'location_not_allowed' } });
  });
});
