import { FakeReader, FakeRelay } from '@studio/testkit/agent/fake-devices';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { agentConfig, tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, type Agent } from '../../src/agent.js';
import type { DecisionEvent } from '../../src/runtime/events.js';

/**
 * The acceptance test against the real server: the agent in-process with a fake reader and relay,
 * the real API client, the real server on a SQLite file behind a proxy that can take it away.
 */
describe('the agent against the real server', () => {
  let studio: StudioServer;
  let temp: ReturnType<typeof tempDir>;
  let valid: { membershipId: string };
  let pastDue: { membershipId: string };
  let others: { membershipId: string }[];

  beforeAll(async () => {
    studio = await startStudioServer();
    temp = tempDir();
    valid = await studio.build.member({ cards: [{ value: '3000000001' }], firstName: 'Vera' });
    pastDue = await studio.build.member({ status: 'past_due', cards: [{ value: '3000000002' }], firstName: 'Paul' });
    others = await Promise.all(['3000000011', '3000000012', '3000000013'].map((card) => studio.build.member({ cards: [{ value: card }] })));
  });
  afterAll(async () => {
    await studio.close();
    temp.remove();
  });

  let clock = () => new Date();
  const startAgent = async (name: string, offline: { max_cache_age_s?: number } = {}) => {
    const reader = new FakeReader('reader-1');
    const relay = new FakeRelay('relay-1');
    const config = agentConfig(`${temp.dir}/${name}.db`, {
      server: { url: studio.proxy.url, api_key: studio.apiKey },
      location_id: studio.locationId,
      budgets: { online_decision_ms: 1500 },
      offline: { max_cache_age_s: 86_400, staff_identifiers: [], ...offline },
    });
    const agent: Agent = createAgent(config, { logger: pino({ level: 'silent' }), devices: { readers: [reader], relays: [relay], sensors: [] }, now: () => clock() });
    await agent.start();
    await agent.syncFeedNow();
    const scan = (identifier: string) =>
      new Promise<DecisionEvent>((resolve) => {
        const off = agent.bus.on('decision', (event) => {
          off();
          resolve(event);
        });
        reader.present(identifier);
      });
    return { agent, relay, scan };
  };

  it('online, offline with the same reasons, then delivers every offline visit exactly once', async () => {
    const { agent, relay, scan } = await startAgent('main');
    try {
      expect(agent.cache.rowCount()).toBeGreaterThanOrEqual(5);

      // Online: one grant, one pulse, one visit on the server; the past-due member is refused.
      expect(await scan('3000000001')).toMatchObject({ granted: true, offline: false, reason: null });
      expect(relay.pulses).toEqual([200]);
      expect(await studio.visitsOf(valid.membershipId)).toHaveLength(1);
      const onlineRefusal = await scan('3000000002');
      expect(onlineRefusal).toMatchObject({ granted: false, offline: false, reason: 'past_due' });

      // The server goes away: the cache decides, with the online reason code.
      await studio.proxy.down();
      expect(await scan('3000000001')).toMatchObject({ granted: true, offline: true, firstName: 'Vera' });
      const offlineRefusal = await scan('3000000002');
      expect(offlineRefusal).toMatchObject({ granted: false, offline: true, firstName: 'Paul' });
      expect(offlineRefusal.reason).toBe(onlineRefusal.reason);
      for (const card of ['3000000011', '3000000012', '3000000013']) expect(await scan(card)).toMatchObject({ granted: true, offline: true });
      expect(relay.pulses).toHaveLength(5);
      expect(agent.health().outbox.pending).toBe(4);
      expect(await studio.visitsOf(valid.membershipId)).toHaveLength(1);

      // A drain while the server is away changes nothing.
      await agent.drainNow();
      expect(agent.health().outbox.pending).toBe(4);

      // The server returns: each offline visit arrives once, flagged offline; draining again adds nothing.
      await studio.proxy.up();
      await agent.drainNow();
      await agent.drainNow();
      expect(agent.health().outbox).toMatchObject({ pending: 0, sent: 4, rejected: 0 });
      const validVisits = await studio.visitsOf(valid.membershipId);
      expect(validVisits.map((v) => v.offline).sort()).toEqual([0, 1]);
      for (const other of others) expect((await studio.visitsOf(other.membershipId)).map((v) => v.offline)).toEqual([1]);
      expect(await studio.visitsOf(pastDue.membershipId)).toEqual([]);
    } finally {
      await agent.stop();
    }
  });

  it('refuses offline grants with cache_stale once the cache is older than the configured maximum', async () => {
    const { agent, relay, scan } = await startAgent('stale', { max_cache_age_s: 600 });
    try {
      await studio.proxy.down();
      expect(await scan('3000000011')).toMatchObject({ granted: true, offline: true });
      const synced = agent.cache.syncedAt()!;
      clock = () => new Date(synced.getTime() + 601_000);
      expect(await scan('3000000012')).toMatchObject({ granted: false, offline: true, reason: 'cache_stale' });
      expect(relay.pulses).toHaveLength(1);
      expect(agent.health().cache.stale).toBe(true);
    } finally {
      clock = () => new Date();
      await studio.proxy.up();
      await agent.stop();
    }
  });
});
