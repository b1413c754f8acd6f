import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startAgentProcess, writeAgentConfig, type AgentProcess } from '@studio/testkit/agent/agent-process';
import { EmulatedDevicePort } from '@studio/testkit/agent/emulated-port';
import { rdm6300Frame } from '@studio/testkit/agent/frames';
import { startPtyPair, type PtyPair } from '@studio/testkit/agent/socat';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { freePort } from '@studio/testkit/server/processes';
import type { HealthReport } from '../../agent/src/health.js';
import { reconcileAgent, type AgentLedger } from './ledger.js';
import { checkRelay, parseLcusCommands, type AgentLife, type RelayCheck } from './relay-timeline.js';

export const pulseMs = 120;
export const guardGraceMs = 1000;
/** The studio server's key is this device's (testkit/src/agent/studio-server.ts). */
const deviceId = 'gate-1';

/** The 5 bytes an EM4100 card carries for a 10-digit decimal print (its low 4 bytes), as 10 hex digits. */
function cardHex(decimal: string): string {
  return '00' + Number(decimal).toString(16).toUpperCase().padStart(8, '0');
}

/**
 * A turnstile on real (pseudo) hardware: `studio-agent` as its own process, an RDM6300 it reads
 * on one socat pty pair and an LCUS relay board it drives on another. This process plays the card
 * (frames written to the reader's far end), the board (every byte the agent sent, timestamped,
 * recorded outside the agent) and the server (in-process, SQLite, behind a switchable proxy).
 * Killing socat is an unplug; starting it again on the same links, a replug.
 */
export class GateRig {
  readonly lives: AgentLife[] = [];
  agent: AgentProcess | null = null;
  card: EmulatedDevicePort | null = null;
  /** Every board connection's received bytes, oldest first: one board across replugs. */
  private readonly boards: EmulatedDevicePort[] = [];
  framesSent = 0;

  private constructor(
    readonly studio: StudioServer,
    readonly readerPair: PtyPair,
    readonly relayPair: PtyPair,
    private readonly temp: ReturnType<typeof tempDir>,
    readonly configFile: string,
    readonly healthPort: number,
    readonly cards: { admitted: string[]; refused: string[] },
  ) {}

  static async start(counts: { admitted: number; refused: number }): Promise<GateRig> {
    const studio = await startStudioServer();
    const cards = { admitted: [] as string[], refused: [] as string[] };
    for (let i = 0; i < counts.admitted + counts.refused; i++) {
      const card = String(1_000_000_000 + i * 37);
      const pastDue = i >= counts.admitted;
      await studio.build.member({ cards: [{ value: card }], ...(pastDue && { status: 'past_due' }) });
      (pastDue ? cards.refused : cards.admitted).push(card);
    }
    const readerPair = await startPtyPair('chaos-reader');
    const relayPair = await startPtyPair('chaos-relay');
    const temp = tempDir();
    const healthPort = await freePort();
    const configFile = writeAgentConfig(temp.dir, {
      version: 1,
      server: { url: studio.proxy.url },
      location_id: studio.locationId,
      device_id: deviceId,
      devices: {
        readers: [{ id: 'rdm', driver: 'rdm6300', path: readerPair.b, debounce_ms: 0 }],
        relays: [{ id: 'lcus', driver: 'lcus', path: relayPair.b, channel: 1, command_gap_ms: 0, guard_grace_ms: guardGraceMs }],
      },
      lanes: [{ id: 'turnstile', reader: 'rdm', relay: 'lcus', pulse_ms: pulseMs }],
      budgets: { online_decision_ms: 1000 },
      anti_passback_s: 0,
      sync: { feed_interval_s: 0.5, drain_interval_s: 0.2, max_backoff_s: 0.5 },
      store: { path: 'agent.db' },
      local_api: { port: healthPort },
      log_level: 'warn',
    });
    const rig = new GateRig(studio, readerPair, relayPair, temp, configFile, healthPort, cards);
    await rig.openDevices();
    return rig;
  }

  /** The card and board ends, (re)opened on the current pty pairs. */
  async openDevices(which: 'reader' | 'relay' | 'both' = 'both'): Promise<void> {
    if (which !== 'relay') this.card = await EmulatedDevicePort.open(this.readerPair.a);
    if (which !== 'reader') this.boards.push(await EmulatedDevicePort.open(this.relayPair.a));
  }

  startAgent(): AgentProcess {
    this.agent = startAgentProcess(this.configFile, this.healthPort, { STUDIO_AGENT_KEY: this.studio.apiKey }, { simulate: false });
    const child = this.agent.child;
    const orphaned = () => child.kill('SIGKILL');
    process.once('exit', orphaned);
    child.once('exit', () => process.removeListener('exit', orphaned));
    this.lives.push({ startedAt: Date.now(), endedAt: Infinity, killed: false });
    return this.agent;
  }

  async health(): Promise<HealthReport | null> {
    return (await this.agent?.health()) ?? null;
  }

  /** Polls the agent's health until `ready` holds; false if the agent died or `timeoutMs` passed. */
  async waitFor(ready: (health: HealthReport) => boolean, timeoutMs = 30_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.agent || this.agent.child.exitCode !== null) return false;
      const health = await this.health();
      if (health && ready(health)) return true;
      await sleep(50);
    }
    return false;
  }

  /** Presents a card: one RDM6300 frame on the reader's pty. */
  async present(card: string): Promise<void> {
    this.framesSent++;
    await this.card!.send(rdm6300Frame(cardHex(card)));
  }

  /** Presents a card and waits until the board switches on (false if it has not within `timeoutMs`). */
  async presentUntilPulse(card: string, timeoutMs = 5000): Promise<boolean> {
    const ons = () => this.commands().filter((c) => c.on).length;
    const before = ons();
    await this.present(card);
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
      if (ons() > before) return true;
      await sleep(5);
    }
    return false;
  }

  /** Half a frame, as a card pulled away or a cable cut mid-frame would leave it. */
  async presentHalf(card: string): Promise<void> {
    this.framesSent++;
    await this.card!.send(rdm6300Frame(cardHex(card)).subarray(0, 7));
  }

  async kill(): Promise<void> {
    const agent = this.agent!;
    agent.child.kill('SIGKILL');
    await agent.exited;
    this.lives.at(-1)!.endedAt = Date.now();
    this.lives.at(-1)!.killed = true;
    this.agent = null;
  }

  /** SIGTERM: relays off, database closed; answers the exit code. */
  async stop(): Promise<number | null> {
    const agent = this.agent!;
    agent.child.kill('SIGTERM');
    const code = await agent.exited;
    this.lives.at(-1)!.endedAt = Date.now();
    this.agent = null;
    return code;
  }

  /** When the relay board was unplugged. */
  readonly relayUnplugs: number[] = [];

  /** The board is unplugged (socat killed); resolves once its links are gone. */
  async unplugRelay(): Promise<void> {
    this.relayUnplugs.push(Date.now());
    // Our end first: a read left on a pty whose socat is gone spins on EIO.
    await this.boards.at(-1)?.close();
    await this.relayPair.kill();
  }

  async replugRelay(): Promise<void> {
    await this.relayPair.start();
    await this.openDevices('relay');
  }

  async unplugReader(): Promise<void> {
    await this.card?.close();
    await this.readerPair.kill();
  }

  async replugReader(): Promise<void> {
    await this.readerPair.start();
    await this.openDevices('reader');
  }

  /** Visits the server holds from this gate. */
  async serverVisits(): Promise<number> {
    const db = this.studio.f.db;
    const row = await db.first(
      db.qb
        .selectFrom('visits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', deviceId),
    );
    return Number(row!.n);
  }

  /** Commands the board received, across every connection. */
  commands() {
    return parseLcusCommands(this.boards.flatMap((board) => board.timed));
  }

  relay(): RelayCheck {
    return checkRelay(this.commands(), this.lives, pulseMs + guardGraceMs, this.relayUnplugs);
  }

  reconcile(): Promise<AgentLedger> {
    return reconcileAgent(join(this.temp.dir, 'agent.db'), this.studio.f.db, this.studio.f.acme.id, deviceId);
  }

  async close(): Promise<void> {
    if (this.agent && this.agent.child.exitCode === null) await this.kill();
    await this.card?.close();
    for (const board of this.boards) await board.close();
    await this.readerPair.close();
    await this.relayPair.close();
    await this.studio.close();
    this.temp.remove();
  }
}
