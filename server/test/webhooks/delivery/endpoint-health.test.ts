import { ApiError } from '@studio/shared';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterEach, describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../../../src/domain/actor.js';
import { fanOutEvents } from '../../../src/modules/webhooks/delivery/fan-out.js';
import { resendDelivery } from '../../../src/modules/webhooks/resend.js';
import { addEndpoint, addEvent, handClock, newCompany, useReceivers, worker } from './fixture.js';

describe.each(dialects)('endpoint health and manual resend on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const receiver = useReceivers(suite);
  const endpointRow = (id: string) => suite.db.first(suite.db.qb.selectFrom('webhook_endpoints').selectAll().where('id', '=', id));
  const deliveryOf = async (eventId: string) => {
    const row = await suite.db.first(suite.db.qb.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId));
    if (!row) throw new Error(`event ${eventId} was not fanned out`);
    return row;
  };

  it('retries a failing delivery for three days, then fails it and disables the endpoint with the reason in words; its other deliveries stop', async () => {
    const clock = handClock('2026-11-20T09:00:00.000Z');
    const companyId = await newCompany(suite.db);
    const hook = await receiver();
    hook.behaviour = () => 500;
    const endpoint = await addEndpoint(suite.db, companyId, hook.url, clock);
    const first = await addEvent(suite.db, companyId, clock);
    const sender = worker(suite.db, clock);
    await fanOutEvents(suite.db, clock.now);
    let second: string | null = null;
    for (let turn = 0; turn < 100 && (await deliveryOf(first)).status === 'pending'; turn++) {
      await sender.runOnce();
      const next = (await deliveryOf(first)).next_attempt_at;
      if (next) clock.set(Date.parse(next));
      if (second === null && clock.now() >= Date.parse('2026-11-22T09:00:00.000Z')) second = await addEvent(suite.db, companyId, clock);
    }
    const failed = await deliveryOf(first);
    expect(failed).toMatchObject({ status: 'failed', next_attempt_at: null, last_status_code: 500, last_error: 'HTTP 500' });
    // About twenty attempts, the last one exactly at the end of the three days.
    expect(failed.attempts).toBeGreaterThan(15);
    expect(failed.attempts).toBeLessThan(25);
    expect(failed.last_attempt_at).toBe('2026-11-23T09:00:00.000Z');
    expect(await endpointRow(endpoint.id)).toMatchObject({
      enabled: 0,
      failing_since: '2026-11-20T09:00:00.000Z',
      disabled_reason: 'No successful delivery since 2026-11-20 09:00 UTC; last error: HTTP 500',
    });
    // The later event's delivery is still pending and due, but nothing goes to a disabled endpoint.
    const sentBefore = hook.received.length;
    clock.advance(7 * 24 * 3_600_000);
    expect((await deliveryOf(second!)).status).toBe('pending');
    expect(await sender.runOnce()).toBe(0);
    await addEvent(suite.db, companyId, clock);
    expect(await sender.runOnce()).toBe(0);
    await sender.stop();
    expect(hook.received.length).toBe(sentBefore);
    const attempts = await suite.db.all(suite.db.qb.selectFrom('webhook_attempts').select('id').where('delivery_id', '=', failed.id));
    expect(attempts).toHaveLength(failed.attempts);
  });

  it('a success within the three days keeps the endpoint enabled and clears failing_since', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await receiver();
    hook.behaviour = () => 503;
    const endpoint = await addEndpoint(suite.db, companyId, hook.url, clock);
    const sender = worker(suite.db, clock);
    const event = await addEvent(suite.db, companyId, clock);
    await sender.runOnce();
    expect((await endpointRow(endpoint.id))!.failing_since).toBe('2026-11-20T09:00:00.000Z');
    hook.behaviour = () => 200;
    clock.set(Date.parse((await deliveryOf(event)).next_attempt_at!));
    await sender.runOnce();
    await sender.stop();
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: 1, failing_since: null, disabled_reason: null });
  });

  it('resends a delivery on request: due now, sent again with the same webhook-id', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await receiver();
    await addEndpoint(suite.db, companyId, hook.url, clock);
    const event = await addEvent(suite.db, companyId, clock);
    const sender = worker(suite.db, clock);
    await sender.runOnce();
    const delivered = await deliveryOf(event);
    clock.advance(3_600_000);
    const resent = await resendDelivery(suite.db, systemActor(companyId, 'test'), delivered.id, clock.now);
    expect(resent).toMatchObject({ id: delivered.id, event_id: event, event_type: 'contact.created', status: 'pending', attempts: 1, next_attempt_at: '2026-11-20T10:00:00.000Z' });
    await sender.runOnce();
    await sender.stop();
    expect(hook.idsReceived()).toEqual([event, event]);
    expect(await deliveryOf(event)).toMatchObject({ status: 'delivered', attempts: 2, delivered_at: '2026-11-20T10:00:00.000Z' });
  });

  it("refuses a resend to a disabled endpoint, of another company's delivery (not found), and without write:webhooks", async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const endpoint = await addEndpoint(suite.db, companyId, 'http://192.0.2.1/hooks', clock);
    const event = await addEvent(suite.db, companyId, clock);
    await fanOutEvents(suite.db, clock.now);
    const delivery = await deliveryOf(event);
    await suite.db.run(suite.db.qb.updateTable('webhook_endpoints').set({ enabled: 0 }).where('id', '=', endpoint.id));
    const refusal = (actor: Actor) =>
      resendDelivery(suite.db, actor, delivery.id, clock.now).then(
        () => null,
        (error: ApiError) => [error.code, error.message],
      );
    expect(await refusal(systemActor(companyId, 'test'))).toEqual([
      'webhook_endpoint_disabled',
      'The endpoint of this delivery is disabled, so nothing would send it; enable the endpoint first, then resend.',
    ]);
    expect(await refusal(systemActor(await newCompany(suite.db), 'test'))).toEqual(['resource_missing', `No such webhook delivery: ${delivery.id}.`]);
    const reader: Actor = { ...systemActor(companyId, 'test'), identity: { kind: 'api_key', keyId: 'k' }, scopes: ['read:events'] };
    expect(await refusal(reader)).toEqual(['insufficient_scope', 'Managing webhook endpoints needs the write:webhooks scope.']);
  });
});
