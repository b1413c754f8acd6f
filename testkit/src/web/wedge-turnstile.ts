import { createWedgeReader } from '@studio/agent/src/devices/hid/wedge-reader.js';
import type { DecisionEvent } from '@studio/agent/src/runtime/events.js';
import { pino } from 'pino';
import { SimulatedWedge } from '../agent/simulated-wedge.js';
import { FakeRelay } from '../agent/fake-devices.js';
import { startAgent, type AgentTarget, type RunningAgent } from './simulated-agents.js';

export interface WedgeTurnstileAgent extends RunningAgent {
  scanner: SimulatedWedge;
  relay: FakeRelay;
  /** The scanner types `text` (and Enter); resolves with the agent's decision (the relay has pulsed when it is granted). */
  scan(text: string): Promise<DecisionEvent>;
}

/**
 * A turnstile agent whose reader is a 2D imager in keyboard mode (the hid-wedge driver on a simulated
 * device): what a phone pass is shown to at the door. In this process, against the real server;
 * `now` is the agent's clock (the decisions' and the pass keys' retirement), default the system's.
 */
export async function startWedgeTurnstileAgent(target: AgentTarget, options: { deviceId?: string; now?: () => Date } = {}): Promise<WedgeTurnstileAgent> {
  const scanner = new SimulatedWedge();
  const reader = createWedgeReader({ id: 'turnstile-imager', target: { path: '/dev/hidraw-simulated' }, opener: scanner, debounceMs: 0, idleTimeoutMs: 300, logger: pino({ level: 'silent' }) });
  const relay = new FakeRelay('turnstile-relay');
  const lanes = [{ id: 'front', reader: reader.id, relay: relay.id, kind: 'turnstile' as const, direction: 'in' as const }];
  const running = startAgent(target, options.deviceId ?? 'north-turnstile', { lanes }, { readers: [reader], relays: [relay] }, options.now);
  await running.agent.start();
  return {
    ...running,
    scanner,
    relay,
    scan: (text) =>
      new Promise((resolve) => {
        const off = running.agent.bus.on('decision', (event) => {
          off();
          resolve(event);
        });
        scanner.type(text);
      }),
  };
}
