import { FakeReader, FakeRelay } from '@studio/testkit/agent/fake-devices';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { agentConfig, tempDir } from '@studio/testkit/agent/test-agent';
import { pino } from 'pino';
import { createAgent, type Agent } from '../../agent/src/agent.js';
import type { AgentConfig } from '../../agent/src/config/schema.js';
import type { DecisionEvent } from '../../agent/src/runtime/events.js';
import { reconcileAgent, type AgentLedger } from './ledger.js';

export interface GateMembers {
  /** Cards of members the gate admits. */
  admitted: string[];
  /** Cards of past-due members: refused online and offline alike. */
  refused: string[];
}

/**
 * The agent in this process (a fake reader and relay, the real API client, an injectable clock)
 * in front of the real server (in-process, SQLite) behind a proxy that takes it away.
 */
export class InProcessGate {
  readonly reader = new FakeReader('reader-1');
  readonly relay = new FakeRelay('relay-1');
  readonly agent: Agent;
  readonly config: AgentConfig;

  private constructor(
    readonly studio: StudioServer,
    readonly members: GateMembers,
    private readonly temp: ReturnType<typeof tempDir>,
    now: () => Date,
    overrides: Parameters<typeof agentConfig>[1],
  ) {
    this.config = agentConfig(`${temp.dir}/agent.db`, {
      server: { url: studio.proxy.url, api_key: studio.apiKey },
      location_id: studio.locationId,
      // The studio server's key is this device's (testkit/src/agent/studio-server.ts).
      device_id: 'gate-1',
      budgets: { online_decision_ms: 1500 },
      ...overrides,
    });
    this.agent = createAgent(this.config, { logger: pino({ level: 'silent' }), devices: { readers: [this.reader], relays: [this.relay], sensors: [] }, now });
  }

  /** A server with `admitted` + `refused` members (a card each), the agent started and its cache loaded. */
  static async start(counts: { admitted: number; refused: number }, now: () => Date = () => new Date(), overrides: Parameters<typeof agentConfig>[1] = {}): Promise<InProcessGate> {
    const studio = await startStudioServer();
    const members: GateMembers = { admitted: [], refused: [] };
    for (let i = 0; i < counts.admitted + counts.refused; i++) {
      const card = String(4_200_000_000 + i * 7);
      const pastDue = i >= counts.admitted;
      await studio.build.member({ cards: [{ value: card }], ...(pastDue && { status: 'past_due' }) });
      (pastDue ? members.refused : members.admitted).push(card);
    }
    const gate = new InProcessGate(studio, members, tempDir(), now, overrides);
    await gate.agent.start();
    await gate.agent.syncFeedNow();
    return gate;
  }

  /** Presents a card and waits for its decision. */
  scan(identifier: string): Promise<DecisionEvent> {
    return new Promise((resolve) => {
      const off = this.agent.bus.on('decision', (event) => {
        off();
        resolve(event);
      });
      this.reader.present(identifier);
    });
  }

  /** Drains until the outbox is empty (or `attempts` passes found the server away). */
  async drainAll(attempts = 50): Promise<void> {
    for (let i = 0; i < attempts && this.agent.store.outbox.depth().pending > 0; i++) await this.agent.drainNow();
  }

  /** Stops the agent (its database closed) and matches its records with the server's visits. */
  async stopAndReconcile(): Promise<AgentLedger> {
    await this.agent.stop();
    return reconcileAgent(this.config.store.path, this.studio.f.db, this.studio.f.acme.id, this.config.device_id);
  }

  async close(): Promise<void> {
    await this.agent.stop();
    await this.studio.close();
    this.temp.remove();
  }
}
