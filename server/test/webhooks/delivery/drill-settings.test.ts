import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { addEndpoint, addEvent, handClock, newCompany, Receiver, settleAll, worker } from './fixture.js';

// WEBHOOK_FIRST_RETRY_MS and WEBHOOK_CLAIM_MS: production keeps the defaults; a drill (the chaos
// scenario that SIGKILLs `serve` mid-delivery) shortens them so a run drains in seconds.
describe('webhook retry and claim settings', () => {
  it('default to a 30 s first retry and a claim of the timeout and a minute', () => {
    expect(loadConfig({}).webhooks).toMatchObject({ firstRetryMs: 30_000, claimMs: 70_000 });
    expect(loadConfig({ WEBHOOK_TIMEOUT_MS: '2000' }).webhooks.claimMs).toBe(62_000);
  });

  it('are read from the environment, and a claim no longer than the timeout is refused', () => {
    expect(loadConfig({ WEBHOOK_FIRST_RETRY_MS: '500', WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_CLAIM_MS: '4000' }).webhooks).toMatchObject({ firstRetryMs: 500, claimMs: 4000 });
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_CLAIM_MS: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_CLAIM_MS: '3000' })).toThrow(/WEBHOOK_CLAIM_MS: must exceed WEBHOOK_TIMEOUT_MS/);
  });
});

describe.each(dialects)('a shorter first retry on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const receivers: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((made) => made.close()));
    await settleAll(suite.db);
  });

  it('plans the retry after a failed attempt from the configured first wait, doubling after each failure', async () => {
    const clock = handClock();
    const companyId = await newCompany(suite.db);
    const hook = await new Receiver().listen();
    receivers.push(hook);
    hook.behaviour = () => 500;
    const endpoint = await addEndpoint(suite.db, companyId, hook.url, clock);
    await addEvent(suite.db, companyId, clock);
    const sender = worker(suite.db, clock, { firstRetryMs: 2000 });
    const nextAttempt = async () => Date.parse((await suite.db.first(suite.db.qb.selectFrom('webhook_deliveries').select('next_attempt_at').where('endpoint_id', '=', endpoint.id)))!.next_attempt_at!);

    await sender.runOnce();
    // The fixture's random is 0.5: each wait is shortened by 10 % of jitter.
    expect(await nextAttempt()).toBe(clock.now() + 1800);
    clock.advance(1800);
    await sender.runOnce();
    expect(await nextAttempt()).toBe(clock.now() + 3600);
    await sender.stop();
    expect(hook.received).toHaveLength(2);
  });
});
