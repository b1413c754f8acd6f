import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { eventEnvelopes } from '@studio/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { systemActor } from '../../src/domain/actor.js';
import { sendTestEvent } from '../../src/modules/webhooks/send-test.js';
import { addEndpoint, handClock, settleAll, useReceivers, verifyAt, worker } from './delivery/fixture.js';

/** POST /v1/webhook_endpoints/:id/send_test: one signed webhook.test to one endpoint, sent by the normal worker. */
describe.each(dialects)('sending a test event to a webhook endpoint (%s)', (dialect) => {
  const suite = { db: undefined as unknown as Fixture['db'] };
  let f: Fixture;
  let app: FastifyInstance;
  beforeAll(async () => {
    f = await startFixture(dialect);
    suite.db = f.db;
    app = await buildApp({ db: f.db });
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });
  const receiver = useReceivers(suite);

  const call = async (key: string, method: 'GET' | 'POST', url: string) => {
    const response = await app.inject({ method, url, headers: { authorization: `Bearer ${key}` } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };

  it('delivers a signed webhook.test to that endpoint alone, in its delivery log, and not in GET /v1/events', async () => {
    const clock = handClock();
    await settleAll(f.db); // the fixture's own events are not this test's
    const [target, bystander] = [await receiver(), await receiver()];
    const endpoint = await addEndpoint(f.db, f.acme.id, target.url, clock);
    await addEndpoint(f.db, f.acme.id, bystander.url, clock);

    const delivery = await sendTestEvent(f.db, systemActor(f.acme.id, 'test'), endpoint.id, clock.now);
    expect(delivery).toMatchObject({ endpoint_id: endpoint.id, event_type: 'webhook.test', status: 'pending', attempts: 0 });
    const sender = worker(f.db, clock);
    await sender.runOnce();
    await sender.runOnce();
    await sender.stop();

    expect(target.idsReceived()).toEqual([delivery.event_id]);
    expect(bystander.received).toEqual([]);
    const event = eventEnvelopes['webhook.test'].parse(verifyAt(endpoint.secret, target.received[0]!, clock.now()));
    expect(event).toMatchObject({ id: delivery.event_id, type: 'webhook.test', environment: 'live', location_id: null, data: { endpoint_id: endpoint.id } });
    expect(typeof event.data.message).toBe('string');

    const key = await f.mint({ scopes: ['write:webhooks', 'read:events'] });
    const log = await call(key, 'GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries`);
    expect(log.body.data).toMatchObject([{ id: delivery.id, event_type: 'webhook.test', status: 'delivered', attempts: 1, last_status_code: 204 }]);
    const attempts = await call(key, 'GET', `/v1/webhook_deliveries/${delivery.id}/attempts`);
    expect(attempts.body.data).toMatchObject([{ status_code: 204, error: null }]);
    const events = await call(key, 'GET', '/v1/events?limit=100');
    expect(events.status).toBe(200);
    expect((events.body.data as { id: string }[]).map((e) => e.id)).not.toContain(delivery.event_id);
    expect((await call(key, 'GET', `/v1/events/${delivery.event_id}`)).status).toBe(404);
  });

  it('answers 202 with the pending delivery, refuses a disabled endpoint, and finds no endpoint of another company or environment', async () => {
    const clock = handClock();
    const key = await f.mint({ scopes: ['write:webhooks'] });
    const enabled = await addEndpoint(f.db, f.acme.id, 'https://receiver.example/hooks', clock);
    const sent = await call(key, 'POST', `/v1/webhook_endpoints/${enabled.id}/send_test`);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ endpoint_id: enabled.id, event_type: 'webhook.test', status: 'pending', attempts: 0, last_status_code: null });

    const disabled = await addEndpoint(f.db, f.acme.id, 'https://receiver.example/off', clock, { enabled: false });
    const refused = await call(key, 'POST', `/v1/webhook_endpoints/${disabled.id}/send_test`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'webhook_endpoint_disabled', param: 'id' });
    expect(refused.body.error.message).toContain('enable the endpoint first');
    expect(await f.db.all(f.db.qb.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', disabled.id))).toEqual([]);

    for (const stranger of [await f.mint({ company: f.other.id, scopes: ['write:webhooks'] }), await f.mint({ environment: 'test', scopes: ['write:webhooks'] })]) {
      const missing = await call(stranger, 'POST', `/v1/webhook_endpoints/${enabled.id}/send_test`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('resource_missing');
    }
    const limited = await call(await f.mint({ scopes: ['write:webhooks'], locations: [f.acme.us.id] }), 'POST', `/v1/webhook_endpoints/${enabled.id}/send_test`);
    expect(limited.body.error.code).toBe('location_not_allowed');
  });
});
