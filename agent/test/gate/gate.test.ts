import { agentConfig, tempDir, testAgent, type TestAgent } from '@studio/testkit/agent/test-agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeStudio } from '../helpers/fake-studio.js';

describe('the gate, against a fake server', () => {
  let temp: ReturnType<typeof tempDir>;
  let studio: FakeStudio;
  let t: TestAgent;

  const start = async (overrides: Parameters<typeof agentConfig>[1] = {}) => {
    t = testAgent(agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId, ...overrides }), { server: studio });
    await t.agent.start();
    await t.agent.syncFeedNow();
  };

  beforeEach(() => {
    temp = tempDir();
    studio = new FakeStudio();
  });
  afterEach(async () => {
    await t?.agent.stop();
    temp.remove();
  });

  it('online: grants a valid member, pulses the lane relay once, and the server records one visit with the scan key', async () => {
    const ann = studio.addMember('1000000001');
    await start();
    const decision = await t.scan('1000000001');
    expect(decision).toMatchObject({ granted: true, reason: null, offline: false, laneId: 'front', readerId: 'reader-1', firstName: 'Ann' });
    expect(t.relay.pulses).toEqual([200]);
    expect(studio.visitsOf(ann.membership_id)).toHaveLength(1);
    expect(studio.calls.checkIn[0]!.body).toMatchObject({ membership_id: ann.membership_id, source: 'turnstile', device_id: 'gate-1' });
    expect(t.agent.store.outbox.depth().pending).toBe(0);
  });

  it('online: refuses with the server reason and never pulses', async () => {
    studio.addMember('1000000002', { status: 'past_due' });
    await start();
    expect(await t.scan('1000000002')).toMatchObject({ granted: false, reason: 'past_due', offline: false });
    expect(await t.scan('99999')).toMatchObject({ granted: false, reason: 'not_found', offline: false });
    expect(t.relay.pulses).toEqual([]);
  });

  it('offline: decides from the cache with the same reasons, and an offline grant goes to the outbox with the scan key', async () => {
    const ann = studio.addMember('1000000001');
    studio.addMember('1000000002', { status: 'past_due' });
    await start();
    studio.mode = 'down';
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: true, firstName: 'Ann' });
    expect(await t.scan('1000000002')).toMatchObject({ granted: false, reason: 'past_due', offline: true });
    expect(await t.scan('123456')).toMatchObject({ granted: false, reason: 'not_found', offline: true });
    expect(t.relay.pulses).toEqual([200]);
    const [row] = t.agent.store.outbox.list('pending');
    expect(row).toMatchObject({ membership_id: ann.membership_id, online_attempted: 0 });
    expect(studio.visits).toHaveLength(0);
  });

  it('offline: a server that does not answer within the budget is treated as offline (no timing asserted)', async () => {
    studio.addMember('1000000001');
    await start({ budgets: { online_decision_ms: 100 } });
    studio.mode = 'hang';
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: true });
  });

  it('offline: visit limits count the visits still in the outbox', async () => {
    studio.addMember('1000000003', { allowance: 2, used: 1 });
    await start();
    studio.mode = 'down';
    expect(await t.scan('1000000003')).toMatchObject({ granted: true, offline: true });
    expect(await t.scan('1000000003')).toMatchObject({ granted: false, reason: 'no_visits_remaining', offline: true });
    expect(t.relay.pulses).toHaveLength(1);
  });

  it('refuses cache_stale beyond the maximum cache age, but admits staff credentials', async () => {
    studio.addMember('1000000001');
    let clock = new Date();
    t = testAgent(agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId, offline: { max_cache_age_s: 60, staff_identifiers: ['0x00BC614E'] } }), { server: studio, now: () => clock });
    await t.agent.start();
    await t.agent.syncFeedNow();
    studio.mode = 'down';
    clock = new Date(clock.getTime() + 59_000);
    expect(await t.scan('1000000001')).toMatchObject({ granted: true, offline: true });
    clock = new Date(clock.getTime() + 2_000);
    expect(await t.scan('1000000001')).toMatchObject({ granted: false, reason: 'cache_stale', offline: true });
    // 12345678 decimal is 0x00BC614E: the same card as the configured staff identifier.
    expect(await t.scan('12345678')).toMatchObject({ granted: true, offline: true, staff: true });
    expect(t.relay.pulses).toHaveLength(2);
  });

  it('refuses cache_stale when no full load has ever finished', async () => {
    studio.mode = 'down';
    await start();
    expect(await t.scan('1000000001')).toMatchObject({ granted: false, reason: 'cache_stale', offline: true });
  });

  it('anti-passback: a credential granted moments ago is refused without asking the server', async () => {
    studio.addMember('1000000001');
    await start({ anti_passback_s: 30 });
    expect(await t.scan('1000000001')).toMatchObject({ granted: true });
    const resolvesBefore = studio.calls.resolve;
    expect(await t.scan('1000000001')).toMatchObject({ granted: false, reason: 'anti_passback' });
    expect(studio.calls.resolve).toBe(resolvesBefore);
    expect(t.relay.pulses).toHaveLength(1);
  });

  it('anti-passback survives the clock jumping back: no lock-out for the jump, still one passage per window', async () => {
    studio.addMember('1000000001');
    let offsetMs = 0;
    t = testAgent(agentConfig(`${temp.dir}/agent.db`, { location_id: studio.locationId, anti_passback_s: 30 }), { server: studio, now: () => new Date(Date.now() + offsetMs) });
    await t.agent.start();
    await t.agent.syncFeedNow();
    expect(await t.scan('1000000001')).toMatchObject({ granted: true });
    // The clock steps back an hour (NTP, a dead RTC battery): the last grant now looks an hour ahead.
    offsetMs = -3_600_000;
    expect(await t.scan('1000000001')).toMatchObject({ granted: true });
    expect(await t.scan('1000000001')).toMatchObject({ granted: false, reason: 'anti_passback' });
    expect(t.relay.pulses).toHaveLength(2);
  });

  it('a failing relay pulse is logged, never retried', async () => {
    studio.addMember('1000000001');
    await start();
    t.relay.failNextPulse = true;
    expect(await t.scan('1000000001')).toMatchObject({ granted: true });
    expect(t.relay.pulses).toHaveLength(1);
  });

  it('a throwing decision listener is contained: the others still get the event', async () => {
    studio.addMember('1000000001');
    await start();
    t.agent.bus.on('decision', () => {
      throw new Error('broken kiosk stream');
    });
    const seen: boolean[] = [];
    t.agent.bus.on('decision', (event) => seen.push(event.granted));
    expect(await t.scan('1000000001')).toMatchObject({ granted: true });
    expect(seen).toEqual([true]);
  });

  it('learns from online answers: a member refused online as past_due is refused offline too', async () => {
    const ann = studio.addMember('1000000001');
    await start();
    studio.rows.get(ann.membership_id)!.row.status = 'past_due';
    expect(await t.scan('1000000001')).toMatchObject({ granted: false, reason: 'past_due', offline: false });
    studio.mode = 'down';
    expect(await t.scan('1000000001')).toMatchObject({ granted: false, reason: 'past_due', offline: true });
  });
});
