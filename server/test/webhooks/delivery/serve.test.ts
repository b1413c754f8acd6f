import { openDatabase } from '@studio/server/src/db/dialects/open.js';
import { dialects, freshDatabase, type TestDatabase } from '@studio/testkit/server/databases';
import { startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/types.js';
import { addEndpoint, handClock, newCompany, Receiver, standIn } from './fixture.js';
import { recordEvent } from '../../../src/modules/events/record.js';

/** The worker as `studio serve` runs it: started with the server, sharing the work, stopped by SIGTERM. */
describe.each(dialects)('webhooks from two `studio serve` processes on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let hook: Receiver;
  const servers: StudioProcess[] = [];
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = await openDatabase(database.url);
    hook = await new Receiver().listen();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await hook.close();
    await db.close();
    await database.drop();
  });

  it('deliver every event committed, each once at a time, and a SIGTERM during a hanging send exits cleanly, leaving it pending', async () => {
    const companyId = await newCompany(db);
    const endpoint = await addEndpoint(db, companyId, hook.url, handClock());
    hook.answerDelayMs = 10;
    const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'on', WEBHOOK_TIMEOUT_MS: '60000' };
    servers.push(await startStudio('serve', database.url, 'warn', { env }), await startStudio('serve', database.url, 'warn', { env }));
    const record = () => db.transaction((tx) => recordEvent(db, tx, { companyId, type: 'contact.created', locationId: null, data: standIn({ id: 'c' }) }));
    const events: string[] = [];
    for (let i = 0; i < 20; i++) events.push(await record());

    await expect.poll(() => hook.received.length, { timeout: 30_000 }).toBe(events.length);
    expect(hook.idsReceived().sort()).toEqual([...events].sort());
    expect(hook.mostAtOnceForOneId).toBe(1);
    for (const request of hook.received) expect(new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({ type: 'contact.created' });

    hook.behaviour = () => 'hang';
    const hanging = await record();
    await expect.poll(() => hook.held.length, { timeout: 30_000 }).toBe(1);
    expect(await Promise.all(servers.splice(0).map((server) => server.stop()))).toEqual([0, 0]);
    const row = await db.first(db.qb.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('event_id', '=', hanging));
    expect(row).toEqual({ status: 'pending', attempts: 0 });
  });
});
