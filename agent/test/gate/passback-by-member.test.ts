import { FakeReader, FakeRelay } from '@studio/testkit/agent/fake-devices';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { agentConfig, tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, type Agent } from '../../src/agent.js';
import type { DecisionEvent } from '../../src/runtime/events.js';

/**
 * Issue 14, 4f: anti-passback holds the MEMBER, whatever card or code they show and however a
 * reader prints it, against the real server (which resolves every printed form); an exit lane
 * lets them back in; a refusal while the server is unreachable is an offline decision.
 */
describe('anti-passback by member, with an exit lane', () => {
  let studio: StudioServer;
  let temp: ReturnType<typeof tempDir>;
  let agent: Agent;
  const readers = { rdm: new FakeReader('rdm'), line: new FakeReader('line'), exit: new FakeReader('exit') };
  let offsetMs = 0;
  // The window is judged on the injected clock: each step moves it on explicitly.
  const base = Date.now();
  const clock = () => new Date(base + offsetMs);

  beforeAll(async () => {
    studio = await startStudioServer();
    temp = tempDir();
    agent = createAgent(
      agentConfig(`${temp.dir}/agent.db`, {
        server: { url: studio.proxy.url, api_key: studio.apiKey },
        location_id: studio.locationId,
        budgets: { online_decision_ms: 1500 },
        anti_passback_s: 20,
        lanes: [
          { id: 'rdm-lane', reader: 'rdm', relay: 'k1', kind: 'turnstile', direction: 'in' },
          { id: 'line-lane', reader: 'line', relay: 'k2', kind: 'turnstile', direction: 'in' },
          { id: 'exit-lane', reader: 'exit', relay: 'k3', kind: 'turnstile', direction: 'out' },
        ],
      }),
      { logger: pino({ level: 'silent' }), devices: { readers: Object.values(readers), relays: [new FakeRelay('k1'), new FakeRelay('k2'), new FakeRelay('k3')], sensors: [] }, now: clock },
    );
    await agent.start();
  });
  afterAll(async () => {
    await agent?.stop();
    await studio?.close();
    temp?.remove();
  });

  const scan = (reader: FakeReader, identifier: string) =>
    new Promise<DecisionEvent>((resolve) => {
      const off = agent.bus.on('decision', (event) => {
        off();
        resolve(event);
      });
      reader.present(identifier);
    });
  const later = (ms: number) => {
    offsetMs += ms;
  };

  it('holds a card printed in hex on one lane and in decimal on another, and a member code after the card', async () => {
    // 3000000001 is 0xB2D05E01: an RDM6300 prints the hex, a line reader the decimal.
    const vera = await studio.build.member({ code: 'VERA-7', cards: [{ value: '3000000001' }] });
    expect((await studio.f.request('POST', '/v1/members/resolve', { body: { identifier: 'B2D05E01', location_id: studio.locationId } })).body.membership_id).toBe(vera.membershipId);
    expect(await scan(readers.rdm, 'B2D05E01')).toMatchObject({ granted: true, offline: false });
    later(2_900);
    expect(await scan(readers.line, '3000000001')).toMatchObject({ granted: false, reason: 'anti_passback' });
    later(400);
    expect(await scan(readers.line, 'VERA-7')).toMatchObject({ granted: false, reason: 'anti_passback' });
    expect(await studio.visitsOf(vera.membershipId)).toHaveLength(1);
    later(20_000);
    expect(await scan(readers.line, 'VERA-7')).toMatchObject({ granted: true });
    expect(await studio.visitsOf(vera.membershipId)).toHaveLength(2);
  });

  it('lets a member who went out through the exit lane come back in before the window ends; the exit records no visit', async () => {
    const sam = await studio.build.member({ cards: [{ value: '3000000002' }] });
    later(60_000);
    expect(await scan(readers.rdm, '3000000002')).toMatchObject({ granted: true });
    later(3_000);
    expect(await scan(readers.exit, 'B2D05E02')).toMatchObject({ granted: true, reason: null });
    expect(await studio.visitsOf(sam.membershipId)).toHaveLength(1);
    later(3_000);
    expect(await scan(readers.line, '3000000002')).toMatchObject({ granted: true });
    expect(await studio.visitsOf(sam.membershipId)).toHaveLength(2);
    // Without going out again, the next scan within the window is held.
    later(1_000);
    expect(await scan(readers.rdm, 'B2D05E02')).toMatchObject({ granted: false, reason: 'anti_passback' });
  });

  it('a refusal decided while the server is unreachable says offline: true', async () => {
    await studio.build.member({ cards: [{ value: '3000000003' }] });
    await agent.syncFeedNow();
    later(60_000);
    await studio.proxy.down();
    try {
      expect(await scan(readers.rdm, '3000000003')).toMatchObject({ granted: true, offline: true });
      later(2_000);
      expect(await scan(readers.line, 'B2D05E03')).toMatchObject({ granted: false, reason: 'anti_passback', offline: true });
    } finally {
      await studio.proxy.up();
    }
  });
});
