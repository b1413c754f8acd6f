import { Writable } from 'node:stream';
import { createAgent, type Agent } from '@studio/agent/src/agent.js';
import type { CardReader, Relay } from '@studio/agent/src/devices/types.js';
import type { DecisionEvent } from '@studio/agent/src/runtime/events.js';
import { createAgentLogger } from '@studio/agent/src/runtime/logger.js';
import { builtRendererDir } from '@studio/kiosk-ui/renderer-location';
import { FakeReader, FakeRelay } from '../agent/fake-devices.js';
import { agentConfig, tempDir } from '../agent/test-agent.js';
import { deskReaderConfig, deskReaderId } from './desk-reader.js';

/**
 * The agents of a studio's front door, run in this process (so the test holds their simulated
 * devices) against the real `studio serve` on loopback: the desk agent, whose reader enrols fobs,
 * the turnstile agent, whose reader and relay admit members, and the kiosk agent, which serves the
 * class check-in kiosk's renderer.
 */
export interface AgentTarget {
  /** The API base, `http://127.0.0.1:PORT/v1`. */
  apiUrl: string;
  apiKey: string;
  locationId: string;
}

export interface RunningAgent {
  agent: Agent;
  deviceId: string;
  /** Everything it logged (JSON lines), to prove no card number leaks. */
  logs(): string;
  stop(): Promise<void>;
}

export function startAgent(target: AgentTarget, deviceId: string, overrides: Parameters<typeof agentConfig>[1], devices: { readers: CardReader[]; relays: Relay[] }, now?: () => Date) {
  const temp = tempDir();
  let logged = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  const config = agentConfig(`${temp.dir}/agent.db`, {
    server: { url: target.apiUrl, api_key: target.apiKey },
    location_id: target.locationId,
    device_id: deviceId,
    // No anti-passback: a test scans the same fob more than once within seconds.
    anti_passback_s: 0,
    // Online decisions on a loaded CI machine: generous, so a slow answer is not decided offline.
    budgets: { online_decision_ms: 5000 },
    sync: { feed_interval_s: 2, drain_interval_s: 1, max_backoff_s: 2, page_limit: 1000 },
    ...overrides,
  });
  const agent = createAgent(config, { logger: createAgentLogger('info', sink), devices: { ...devices, sensors: [] }, ...(now && { now }) });
  const running: RunningAgent = {
    agent,
    deviceId,
    logs: () => logged,
    async stop() {
      await agent.stop();
      temp.remove();
    },
  };
  return running;
}

export interface DeskAgent extends RunningAgent {
  reader: FakeReader;
  /** A card laid on the desk reader. */
  scan(identifier: string): void;
}

export async function startDeskAgent(target: AgentTarget, deviceId = 'north-desk'): Promise<DeskAgent> {
  const reader = new FakeReader(deskReaderId);
  const running = startAgent(target, deviceId, deskReaderConfig(), { readers: [reader], relays: [] });
  await running.agent.start();
  return { ...running, reader, scan: (identifier) => reader.present(identifier) };
}

export interface TurnstileAgent extends RunningAgent {
  reader: FakeReader;
  relay: FakeRelay;
  /** Presents a card at the turnstile and waits for the agent's decision (the relay has pulsed when it is granted). */
  scan(identifier: string): Promise<DecisionEvent>;
}

export async function startTurnstileAgent(target: AgentTarget, deviceId = 'north-turnstile'): Promise<TurnstileAgent> {
  const reader = new FakeReader('turnstile-reader');
  const relay = new FakeRelay('turnstile-relay');
  const lanes = [{ id: 'front', reader: reader.id, relay: relay.id, kind: 'turnstile' as const, direction: 'in' as const }];
  const running = startAgent(target, deviceId, { lanes }, { readers: [reader], relays: [relay] });
  await running.agent.start();
  return {
    ...running,
    reader,
    relay,
    scan: (identifier) =>
      new Promise((resolve) => {
        const off = running.agent.bus.on('decision', (event) => {
          off();
          resolve(event);
        });
        reader.present(identifier);
      }),
  };
}

export interface KioskAgent extends RunningAgent {
  /** The renderer the agent serves, `http://127.0.0.1:PORT/kiosk/`: open it in a browser. */
  kioskUrl: string;
}

/**
 * An agent running the class check-in kiosk (no reader, no lane) with kiosk-ui's built renderer,
 * refreshing its timetable every two seconds. Its timetable, location and branding are fetched
 * once before this resolves, so the kiosk page opened next shows the server's data.
 */
export async function startKioskAgent(target: AgentTarget, deviceId = 'north-kiosk'): Promise<KioskAgent> {
  const running = startAgent(
    target,
    deviceId,
    {
      lanes: [],
      local_api: { enabled: true, host: '127.0.0.1', port: 0 },
      kiosk: { enabled: true, horizon_hours: 3, refresh_s: 2, checkin_opens_min: 30, online_budget_ms: 5000, renderer_dir: builtRendererDir },
    },
    { readers: [], relays: [] },
  );
  try {
    await running.agent.start();
    await running.agent.kiosk!.refreshNow();
  } catch (error) {
    await running.stop();
    throw error;
  }
  return { ...running, kioskUrl: `http://127.0.0.1:${running.agent.localApi!.address()!.port}/kiosk/` };
}
