import { startAgentProcess, writeAgentConfig, type AgentProcess } from '@studio/testkit/agent/agent-process';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { freePort } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainInFlight } from '../../src/gate/visit-drain.js';

/** More visits than the drain has in flight, so some are still unsent when the agent is killed. */
const visitsCount = drainInFlight + 8;
const answeredBeforeKill = 3;

/**
 * The outbox's promise under the worst crash: the agent process is SIGKILLed while the server
 * holds some, but not all, of the offline visits, and some of them were recorded by the server but
 * never marked sent by the agent. After a restart, the server holds each visit exactly once.
 */
describe('studio-agent killed in the middle of the outbox drain', () => {
  let studio: StudioServer;
  let temp: ReturnType<typeof tempDir>;
  let agent: AgentProcess | null = null;
  const poll = { timeout: 30_000, interval: 100 };

  beforeAll(async () => {
    studio = await startStudioServer();
    temp = tempDir();
  });
  afterAll(async () => {
    agent?.child.kill('SIGKILL');
    await studio.close();
    temp.remove();
  });

  it('delivers every offline visit exactly once after a SIGKILL and a restart', async () => {
    const cards = Array.from({ length: visitsCount }, (_, i) => String(4000000001 + i));
    const members = await Promise.all(cards.map((card) => studio.build.member({ cards: [{ value: card }] })));
    const port = await freePort();
    const configFile = writeAgentConfig(temp.dir, {
      version: 1,
      server: { url: studio.proxy.url },
      location_id: studio.locationId,
      device_id: 'kill-test-gate',
      anti_passback_s: 0,
      sync: { feed_interval_s: 0.2, drain_interval_s: 0.2, max_backoff_s: 0.5 },
      store: { path: 'agent.db' },
      local_api: { port },
      log_level: 'info',
    });
    const env = { STUDIO_AGENT_KEY: await studio.deviceKey('kill-test-gate') };

    // 1. Online long enough to load the cache, then the server goes away and N members come in.
    agent = startAgentProcess(configFile, port, env);
    await expect.poll(async () => (await agent!.health())?.cache.rows ?? 0, poll).toBe(visitsCount);
    await studio.proxy.down();
    for (const card of cards) agent.scan(card);
    await expect.poll(async () => (await agent!.health())?.outbox.pending, poll).toBe(visitsCount);
    // One relay pulse per grant (the log relay logs each switch); the log never holds a card number.
    await expect
      .poll(
        () =>
          agent!
            .output()
            .split('\n')
            .filter((line) => line.includes('"action":"on"')).length,
        poll,
      )
      .toBe(visitsCount);
    for (const card of cards) expect(agent.output()).not.toContain(card);

    // 2. The server returns, but answers only the first check-ins; the ones after are recorded by
    //    the server and their answers held back. Kill the agent right there: none of the wave is
    //    marked sent, some visits are on the server, and others were never sent.
    studio.proxy.holdCheckInsAfter(answeredBeforeKill);
    await studio.proxy.up();
    await expect.poll(() => studio.proxy.held, poll).toBeGreaterThan(0);
    agent.child.kill('SIGKILL');
    await agent.exited;
    const heldBeforeRestart = (await Promise.all(members.map((m) => studio.visitsOf(m.membershipId)))).flat().length;
    expect(heldBeforeRestart).toBeGreaterThan(answeredBeforeKill);
    expect(heldBeforeRestart).toBeLessThan(visitsCount);

    // 3. Restart on the same database: the rest is delivered, the recorded-but-unmarked one replayed.
    studio.proxy.passAll();
    agent = startAgentProcess(configFile, port, env);
    await expect.poll(async () => (await agent!.health())?.outbox.pending, poll).toBe(0);
    const report = (await agent.health())!;
    expect(report.outbox).toMatchObject({ pending: 0, rejected: 0, sent: visitsCount });
    for (const member of members) {
      const visits = await studio.visitsOf(member.membershipId);
      expect(visits).toHaveLength(1);
      expect(visits[0]).toMatchObject({ offline: 1, device_id: 'kill-test-gate' });
    }

    agent.child.kill('SIGTERM');
    expect(await agent.exited).toBe(0);
    agent = null;
  });
});
