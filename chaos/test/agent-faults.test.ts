import { describe, expect, it } from 'vitest';
import { agentKill } from '../scenarios/agent-kill.js';
import { agentOutage } from '../scenarios/agent-outage.js';
import { clockJump } from '../scenarios/clock-jump.js';
import { deviceUnplug } from '../scenarios/device-unplug.js';
import { quickSettings } from '../settings.js';
import { expectKeptPromises } from './expectations.js';

describe('agent faults (npm run chaos -- --quick)', () => {
  it('a server outage through many scans: every grant in the outbox, then on the server exactly once', async () => {
    const result = await agentOutage(quickSettings.agentOutage);
    expectKeptPromises(result);
    expect(result.operations).toBe(quickSettings.agentOutage.scans);
  });

  it('studio-agent SIGKILLed while scanning and draining: every recorded grant once on the server, the relay off at every start and at the end', async () => {
    const result = await agentKill(quickSettings.agentKill);
    expectKeptPromises(result);
    expect(result.faults).toBe(quickSettings.agentKill.kills);
  });

  it('reader and relay unplugged mid-scan: no crash, both reconnect, no double pulse, each grant once', async () => {
    const result = await deviceUnplug(quickSettings.deviceUnplug);
    expectKeptPromises(result);
  });

  it('the clock jumps: stale-cache refusals, no anti-passback lock-out, no visit lost or doubled', async () => {
    const result = await clockJump(quickSettings.clockJump);
    expectKeptPromises(result);
  });
});
