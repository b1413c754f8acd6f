import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createKey } from '../../../src/modules/keys/repository.js';
import { addEndpoint, addEvent, handClock, newCompany, useReceivers, worker } from './fixture.js';

describe.each(dialects)('the webhook worker running in a server on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const receiver = useReceivers(suite);
  const deliveryOf = (eventId: string) =>
    suite.db.first(suite.db.qb.selectFrom('webhook_deliveries').select(['status', 'attempts', 'last_error', 'last_status_code', 'claim_token']).where('event_id', '=', eventId));

  it('polls on its own once started, and answers API requests and commits changes while a receiver hangs', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await receiver();
    hook.behaviour = () => 'hang';
    await addEndpoint(suite.db, companyId, hook.url, clock);
    const app = await buildApp({ db: suite.db, webAppDir: '/nonexistent' });
    const { key } = await createKey(suite.db, { companyId, scopes: 'all', locationIds: 'all' });
    const running = worker(suite.db, clock, { pollMs: 20 });
    try {
      running.start();
      const event = await addEvent(suite.db, companyId, clock);
      await expect.poll(() => hook.held.length, { timeout: 15_000 }).toBe(1);

      const ping = await app.inject({ method: 'GET', url: '/v1/ping', headers: { authorization: `Bearer ${key}` } });
      expect(ping.statusCode).toBe(200);
      const later = await addEvent(suite.db, companyId, clock);
      expect(await deliveryOf(event)).toMatchObject({ status: 'pending', attempts: 0 });

      hook.behaviour = () => 200;
      hook.answerHeld(200);
      await expect.poll(async () => [(await deliveryOf(event))?.status, (await deliveryOf(later))?.status], { timeout: 15_000 }).toEqual(['delivered', 'delivered']);
    } finally {
      await running.stop();
      await app.close();
    }
  });

  it('counts a receiver that does not answer within the timeout as a failed attempt', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await receiver();
    hook.behaviour = () => 'hang';
    await addEndpoint(suite.db, companyId, hook.url, clock);
    const event = await addEvent(suite.db, companyId, clock);
    const sender = worker(suite.db, clock, { sender: { timeoutMs: 300, allowPrivateTargets: true } });
    await sender.runOnce();
    await sender.stop();
    expect(hook.held).toHaveLength(1);
    expect(await deliveryOf(event)).toEqual({ status: 'pending', attempts: 1, last_error: 'no answer within 0.3 s', last_status_code: null, claim_token: null });
  });

  it('on stop, gives sends in flight a grace, then cuts them off unrecorded: the delivery stays pending under its claim', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await receiver();
    hook.behaviour = () => 'hang';
    await addEndpoint(suite.db, companyId, hook.url, clock);
    const event = await addEvent(suite.db, companyId, clock);
    const running = worker(suite.db, clock, { pollMs: 20, stopGraceMs: 50 });
    running.start();
    await expect.poll(() => hook.held.length, { timeout: 15_000 }).toBe(1);
    await running.stop();
    const row = await deliveryOf(event);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(row?.claim_token).not.toBeNull();
    const attempts = await suite.db.all(suite.db.qb.selectFrom('webhook_attempts').select('id').where('company_id', '=', companyId));
    expect(attempts).toEqual([]);
  });
});
