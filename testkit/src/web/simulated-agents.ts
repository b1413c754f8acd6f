import { Writable } from 'node:stream';
import { createAgent, type Agent } from '@studio/agent/src/agent.js';
import type { DecisionEvent } from '@studio/agent/src/runtime/events.js';
import { createAgentLogger } from '@studio/agent/src/runtime/logger.js';
import { FakeReader, FakeRelay } from '../agent/fake-devices.js';
import { agentConfig, tempDir } from '../agent/test-agent.js';
import { deskReaderConfig, deskReaderId } from './desk-reader.js';

/**
 * The two agents of a studio's front door, run in this process (so the test holds their simulated
 * devices) against the real `studio serve` on loopback: the desk agent, whose reader enrols fobs,
 * and the turnstile agent, whose reader and relay admit members.
 */
interface AgentTarget {
  /** The API base, `http://127.0.0.1:PORT/v1`. */
  apiUrl: string;
  apiKey: string;
  locationId: string;
}

interface RunningAgent {
  agent: Agent;
  deviceId: string;
  /** Everything it logged (JSON lines), to prove no card number leaks. */
  logs(): string;
  stop(): Promise<void>;
}

function startAgent(target: AgentTarget, deviceId: string, overrides: Parameters<typeof agentConfig>[1], devices: { readers: FakeReader[]; relays: FakeRelay[] }) {
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
  const agent = createAgent(config, { logger: createAgentLogger('info', sink), devices: { ...devices, sensors: [] } });
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
