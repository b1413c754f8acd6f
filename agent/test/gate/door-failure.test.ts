import { agentConfig, tempDir, testAgent, type TestAgent } from '@studio/testkit/agent/test-agent';
import type { DeviceHealth } from '../../src/devices/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeStudio } from '../helpers/fake-studio.js';

/** Issue 14, 4a: a member is never charged for a door that did not open. */
describe('the gate when the door cannot open', () => {
  let temp: ReturnType<typeof tempDir>;
  let studio: FakeStudio;
  let t: TestAgent;

  const start = async (overrides: Parameters<typeof agentConfig>[1] = {}) => {
    t = testAgent(agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId, anti_passback_s: 30, ...overrides }), { server: studio });
    await t.agent.start();
    await t.agent.syncFeedNow();
  };
  const relayState = (state: DeviceHealth['state']) => {
    const health = t.relay.health.bind(t.relay);
    t.relay.health = () => ({ ...health(), state });
  };

  beforeEach(() => {
    temp = tempDir();
    studio = new FakeStudio();
  });
  afterEach(async () => {
    await t?.agent.stop();
    temp.remove();
  });

  it('refuses door_unavailable before checking in when the lane relay is unavailable, online and offline', async () => {
    const ann = studio.addMember('1000000001', { allowance: 1, used: 0 });
    await start();
    relayState('unavailable');
    expect(await t.scan('1000000001')).toMatchObject({ granted: false, reason: 'door_unavailable', offline: false });
    studio.mode = 'down';
    expect(await t.scan('1000000001')).toMatchObject({ granted: false, reason: 'door_unavailable' });
    expect(studio.calls.checkIn).toEqual([]);
    expect(studio.visitsOf(ann.membership_id)).toEqual([]);
    expect(t.agent.store.outbox.depth().pending).toBe(0);
    expect(t.relay.pulses).toEqual([]);
    // Plugged back in: the member's one visit is still there to use.
    relayState('ok');
    studio.mode = 'up';
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: false });
  });

  it('an online grant whose pulse fails: the visit is voided through the outbox, exactly once, and the member may scan again', async () => {
    const ann = studio.addMember('1000000001', { allowance: 1, used: 0 });
    await start();
    t.relay.failNextPulse = true;
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: false });
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
    // The void is durable before the drain runs: a row waiting to void the recorded visit.
    expect(t.agent.store.outbox.voidsDue()).toMatchObject([{ visit_id: studio.visits[0]!.id, void_reason: 'door_not_opened' }]);
    await t.agent.drainNow();
    await t.agent.drainNow();
    expect(studio.calls.voids).toEqual([studio.visits[0]!.id]);
    expect(studio.countedVisitsOf(ann.membership_id)).toEqual([]);
    expect(t.agent.store.outbox.voidsDue()).toEqual([]);
    // Not a passage: anti-passback does not hold the member out, and the allowance is there.
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: false });
    expect(studio.countedVisitsOf(ann.membership_id)).toHaveLength(1);
  });

  it('a void the server cannot take yet is retried by the drain until it is', async () => {
    const ann = studio.addMember('1000000001');
    await start();
    t.relay.failNextPulse = true;
    expect(await t.scan('1000000001')).toMatchObject({ granted: true });
    studio.mode = 'down';
    await t.agent.drainNow();
    expect(studio.voided.size).toBe(0);
    expect(t.agent.store.outbox.voidsDue()).toHaveLength(1);
    studio.mode = 'up';
    await t.agent.drainNow();
    expect(studio.countedVisitsOf(ann.membership_id)).toEqual([]);
  });

  it('a void the server refuses is kept and shown in /health: a count and the newest rows, never a card number', async () => {
    studio.addMember('1000000001');
    studio.addMember('1000000002');
    await start();
    expect(t.agent.health().voids).toEqual({ refused: 0, refused_rows: [] });
    studio.refuseVoids = 'invalid_param';
    for (const card of ['1000000001', '1000000002']) {
      t.relay.failNextPulse = true;
      expect(await t.scan(card)).toMatchObject({ granted: true, offline: false });
    }
    await t.agent.drainNow();
    expect(t.agent.store.outbox.voidsDue()).toEqual([]);
    const health = t.agent.health();
    expect(health.status).toBe('degraded');
    expect(health.voids.refused).toBe(2);
    // Newest first: the second scan's visit leads.
    expect(health.voids.refused_rows.map((row) => row.visit_id)).toEqual([studio.visits[1]!.id, studio.visits[0]!.id]);
    expect(health.voids.refused_rows[0]).toMatchObject({ reason: 'invalid_param', void_reason: 'door_not_opened', refused_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(JSON.stringify(health)).not.toMatch(/1000000001|1000000002/);
  });

  it('an offline grant whose pulse fails never enters the outbox as a visit, and does not count offline', async () => {
    const ann = studio.addMember('1000000001', { allowance: 1, used: 0 });
    await start();
    studio.mode = 'down';
    t.relay.failNextPulse = true;
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: true });
    expect(t.agent.store.outbox.depth()).toMatchObject({ pending: 0, sent: 0, rejected: 0 });
    // The allowance of one is still there offline, and the passage that never happened holds nobody.
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: true });
    studio.mode = 'up';
    await t.agent.drainNow();
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
    expect(studio.calls.voids).toEqual([]);
  });

  it('an offline grant whose online check-in may have reached the server: delivered under its key, then voided', async () => {
    const ann = studio.addMember('1000000001');
    await start({ budgets: { online_decision_ms: 100 } });
    // The server records the check-in but its answer is lost: the gate decides offline.
    studio.loseAnswers = 1;
    t.relay.failNextPulse = true;
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: true });
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
    await t.agent.drainNow();
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
    expect(studio.countedVisitsOf(ann.membership_id)).toEqual([]);
    expect(studio.calls.voids).toEqual([studio.visits[0]!.id]);
  });
});
