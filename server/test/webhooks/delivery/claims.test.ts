import { openDatabase } from '@studio/server/src/db/dialects/open.js';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/types.js';
import { claimDueDeliveries } from '../../../src/modules/webhooks/delivery/claims.js';
import { fanOutEvents } from '../../../src/modules/webhooks/delivery/fan-out.js';
import { addEndpoint, addEvent, handClock, newCompany, Receiver, settleAll, worker } from './fixture.js';

describe.each(dialects)('webhook claims shared by server processes on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const opened: Db[] = [];
  const receivers: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((made) => made.close()));
    await Promise.all(opened.splice(0).map((db) => db.close()));
    await settleAll(suite.db);
  });
  /** A second server process's own connection to the same database. */
  const secondProcess = async () => {
    const db = await openDatabase(suite.url);
    opened.push(db);
    return db;
  };

  it('fans every event out once when two processes fan out at the same time', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const endpoints = [await addEndpoint(suite.db, companyId, 'http://192.0.2.1/a', clock), await addEndpoint(suite.db, companyId, 'http://192.0.2.1/b', clock)];
    const events = await Promise.all(Array.from({ length: 40 }, () => addEvent(suite.db, companyId, clock)));
    const other = await secondProcess();
    const made = await Promise.all([0, 1, 2, 3].map((turn) => fanOutEvents(turn % 2 ? other : suite.db, clock.now, 7)));
    while ((await fanOutEvents(suite.db, clock.now, 7)).events > 0);
    expect(made.reduce((sum, pass) => sum + pass.events, 0)).toBeLessThanOrEqual(28);
    const rows = await suite.db.all(suite.db.qb.selectFrom('webhook_deliveries').select(['endpoint_id', 'event_id']).where('company_id', '=', companyId));
    expect(rows).toHaveLength(events.length * endpoints.length);
    expect(new Set(rows.map((row) => `${row.endpoint_id} ${row.event_id}`)).size).toBe(rows.length);
  });

  it('two workers on one database send each delivery once, never the same one at the same time', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await new Receiver().listen();
    receivers.push(hook);
    hook.answerDelayMs = 20;
    await addEndpoint(suite.db, companyId, hook.url, clock);
    const events = await Promise.all(Array.from({ length: 30 }, () => addEvent(suite.db, companyId, clock)));
    const [first, second] = [worker(suite.db, clock, { concurrency: 4 }), worker(await secondProcess(), clock, { concurrency: 4 })];
    let rounds = 0;
    while (hook.received.length < events.length && rounds++ < 50) await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
    await Promise.all([first.stop(), second.stop()]);
    expect(hook.idsReceived().sort()).toEqual([...events].sort());
    expect(hook.mostAtOnceForOneId).toBe(1);
  });

  it('takes over a delivery whose process died mid-send once its claim runs out (at least once)', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await new Receiver().listen();
    receivers.push(hook);
    const endpoint = await addEndpoint(suite.db, companyId, hook.url, clock);
    const event = await addEvent(suite.db, companyId, clock);
    await fanOutEvents(suite.db, clock.now);
    // A process claims it and is killed before it records anything.
    const [claimed] = await claimDueDeliveries(await secondProcess(), clock.now, 10, 70_000);
    expect(claimed?.event_id).toBe(event);
    const survivor = worker(suite.db, clock);
    expect(await survivor.runOnce()).toBe(0);
    clock.advance(69_999);
    expect(await survivor.runOnce()).toBe(0);
    clock.advance(1);
    expect(await survivor.runOnce()).toBe(1);
    await survivor.stop();
    expect(hook.idsReceived()).toEqual([event]);
    const row = await suite.db.first(suite.db.qb.selectFrom('webhook_deliveries').select(['status', 'attempts', 'claim_token']).where('endpoint_id', '=', endpoint.id));
    expect(row).toEqual({ status: 'delivered', attempts: 1, claim_token: null });
  });
});
