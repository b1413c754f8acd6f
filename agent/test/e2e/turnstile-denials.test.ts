import { createStudioClient, type StudioClient } from '@studio/shared/client';
import { FakeReader, FakeRelay } from '@studio/testkit/agent/fake-devices';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { agentConfig, tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent, type Agent } from '../../src/agent.js';
import type { DecisionEvent } from '../../src/runtime/events.js';

type Members = StudioClient['members'];

/**
 * Issue 17, "a denied scan shows its reason": a scan the server refuses on its resolve (which
 * records nothing) reaches GET /v1/checkin-denials like any refused check-in, once per scan, after
 * the gate has already shown red; a server that is away when the report is made breaks nothing.
 * The real server and API client; the agent in-process with a fake reader and relay.
 */
describe('refused scans at the turnstile reach the server', () => {
  let studio: StudioServer;
  let temp: ReturnType<typeof tempDir>;
  let client: StudioClient;
  let agent: Agent | null = null;
  /** Every line the agent logged, at debug and up: no card number may appear in one. */
  let logLines: string[] = [];
  // One instant for every scan: the test reads no clock, and a second scan is always within anti-passback.
  const scannedAt = new Date();

  let gateKey: string;
  beforeEach(async () => {
    studio = await startStudioServer();
    temp = tempDir();
    logLines = [];
    // The turnstile's own device key (issue 29): its device id is the config's.
    gateKey = await studio.deviceKey('turnstile-7');
    client = createStudioClient({ baseUrl: studio.proxy.url, apiKey: gateKey, retries: 0 });
  });
  afterEach(async () => {
    await agent?.stop();
    agent = null;
    await studio.close();
    temp.remove();
  });

  /** Starts an agent whose API calls go through `wrap`, so a test can act between the resolve and the report. */
  const startAgent = async (wrap: (members: Members) => Partial<Members> = () => ({}), antiPassbackS = 0) => {
    const reader = new FakeReader('reader-1');
    const relay = new FakeRelay('relay-1');
    const members = client.members;
    const config = agentConfig(`${temp.dir}/agent.db`, {
      server: { url: studio.proxy.url, api_key: gateKey },
      location_id: studio.locationId,
      device_id: 'turnstile-7',
      anti_passback_s: antiPassbackS,
      budgets: { online_decision_ms: 2000 },
    });
    const started = createAgent(config, {
      logger: pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) }),
      devices: { readers: [reader], relays: [relay], sensors: [] },
      server: { ...members, ...wrap(members) },
      now: () => scannedAt,
    });
    agent = started;
    await started.start();
    await started.syncFeedNow();
    const scan = (identifier: string) =>
      new Promise<DecisionEvent>((resolve) => {
        const off = started.bus.on('decision', (event) => {
          off();
          resolve(event);
        });
        reader.present(identifier);
      });
    return { agent: started, relay, scan };
  };

  const denials = async () => (await client.checkinDenials.list({ location_id: studio.locationId, limit: 100 })).data;

  it('an unknown card and a past-due member: each refusal is recorded once per scan with its reason and the device, and the relay never pulses', async () => {
    const pastDue = await studio.build.member({ status: 'past_due', cards: [{ value: '4000000002' }], firstName: 'Paul' });
    const { agent, relay, scan } = await startAgent();

    expect(await scan('4999999999')).toMatchObject({ granted: false, reason: 'not_found', offline: false });
    expect(await scan('4000000002')).toMatchObject({ granted: false, reason: 'past_due', offline: false, firstName: 'Paul' });
    expect(await scan('4000000002')).toMatchObject({ granted: false, reason: 'past_due', offline: false });
    await agent.gate.refusalReportsSettled();

    const recorded = await denials();
    expect(recorded).toHaveLength(3);
    const turnstile = { source: 'turnstile', device_id: 'turnstile-7', identifier_presented: true, location_id: studio.locationId };
    expect(recorded.filter((d) => d.reasons[0] === 'not_found')).toEqual([expect.objectContaining({ ...turnstile, membership_id: null, contact_id: null })]);
    const pastDueDenials = recorded.filter((d) => d.membership_id === pastDue.membershipId);
    expect(pastDueDenials).toHaveLength(2);
    for (const denial of pastDueDenials) expect(denial).toMatchObject({ ...turnstile, reasons: ['past_due'] });
    expect(relay.pulses).toEqual([]);
    expect(await studio.visitsOf(pastDue.membershipId)).toEqual([]);
  });

  it("the agent's own refusal after the server found the member (anti-passback) is not a server denial", async () => {
    // Kept out of the feed: unknown to the cache, so the second scan is held between the server's
    // resolve and the check-in, on the agent's own word.
    const nia = await studio.build.member({ cards: [{ value: '4000000005' }], firstName: 'Nia' });
    const { agent, relay, scan } = await startAgent(
      (members) => ({
        eligibility: async (query, options) => {
          const feed = await members.eligibility(query, options);
          return { ...feed, data: feed.data.filter((row) => row.membership_id !== nia.membershipId) };
        },
      }),
      30,
    );
    expect(await scan('4000000005')).toMatchObject({ granted: true, offline: false });
    expect(await scan('4000000005')).toMatchObject({ granted: false, reason: 'anti_passback', offline: false });
    await agent.gate.refusalReportsSettled();
    expect(await denials()).toEqual([]);
    // Nor any check-in at all: reported, the server would have admitted (and the gate voided) a second visit.
    expect(await studio.visitsOf(nia.membershipId)).toHaveLength(1);
    expect(relay.pulses).toEqual([200]);
  });

  it('a report whose first answer is lost and is sent again is still one denial: it carries the scan key', async () => {
    const { agent, scan } = await startAgent((members) => ({
      checkIn: async (body, options) => {
        if (body.identifier !== undefined) await members.checkIn(body, options).catch(() => undefined);
        return members.checkIn(body, options);
      },
    }));
    expect(await scan('4999999998')).toMatchObject({ granted: false, reason: 'not_found' });
    await agent.gate.refusalReportsSettled();
    expect(await denials()).toHaveLength(1);
  });

  it('the decision never waits for the report: while a report hangs, the lane goes on deciding', async () => {
    await studio.build.member({ status: 'past_due', cards: [{ value: '4000000003' }] });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { agent, relay, scan } = await startAgent((members) => ({
      checkIn: async (body, options) => {
        if (body.identifier !== undefined) await held;
        return members.checkIn(body, options);
      },
    }));
    expect(await scan('4999999997')).toMatchObject({ granted: false, reason: 'not_found', offline: false });
    expect(await scan('4000000003')).toMatchObject({ granted: false, reason: 'past_due', offline: false });
    expect(await denials()).toEqual([]);
    release();
    await agent.gate.refusalReportsSettled();
    // Released together, the two reports may land in either order.
    expect((await denials()).map((d) => d.reasons[0]).sort()).toEqual(['not_found', 'past_due']);
    expect(relay.pulses).toEqual([]);
  });

  it('a server that goes away before the report: the gate stays red and online, nothing is queued, the next decision is not offline', async () => {
    await studio.build.member({ cards: [{ value: '4000000001' }], firstName: 'Vera' });
    let takeDownAfterResolve = false;
    const { agent, relay, scan } = await startAgent(
      (members) => ({
        resolve: async (body, options) => {
          const answer = await members.resolve(body, options);
          if (takeDownAfterResolve) await studio.proxy.down();
          return answer;
        },
      }),
      30,
    );
    expect(await scan('4000000001')).toMatchObject({ granted: true, offline: false });

    takeDownAfterResolve = true;
    expect(await scan('4999999996')).toMatchObject({ granted: false, reason: 'not_found', offline: false });
    await agent.gate.refusalReportsSettled();
    // Held by anti-passback before any call: marked offline only if the gate's own link thinks so.
    expect(await scan('4000000001')).toMatchObject({ granted: false, reason: 'anti_passback', offline: false });
    expect(relay.pulses).toEqual([200]);

    await studio.proxy.up();
    await agent.drainNow();
    await agent.gate.refusalReportsSettled();
    expect(await denials()).toEqual([]);
    // The failed report was said, without the card.
    expect(logLines.some((line) => line.includes('reporting a refused scan to the server failed'))).toBe(true);
    expect(logLines.filter((line) => line.includes('4999999996') || line.includes('4000000001'))).toEqual([]);
  });

  it('a member cleared between the resolve and the report: the visit the server then records is voided, and the door stays shut', async () => {
    const paul = await studio.build.member({ status: 'past_due', cards: [{ value: '4000000004' }] });
    const { f } = studio;
    const { agent, relay, scan } = await startAgent((members) => ({
      resolve: async (body, options) => {
        const answer = await members.resolve(body, options);
        await f.db.run(f.db.qb.updateTable('memberships').set({ status: 'active' }).where('id', '=', paul.membershipId));
        return answer;
      },
    }));
    expect(await scan('4000000004')).toMatchObject({ granted: false, reason: 'past_due', offline: false });
    await agent.gate.refusalReportsSettled();
    const visits = await f.db.all(f.db.qb.selectFrom('visits').select(['device_id', 'voided_at', 'void_reason']).where('membership_id', '=', paul.membershipId));
    expect(visits).toEqual([{ device_id: 'turnstile-7', voided_at: expect.any(String), void_reason: 'door_not_opened' }]);
    expect(relay.pulses).toEqual([]);
  });
});
