import { setTimeout as sleep } from 'node:timers/promises';
import { startStudio, type StudioProcess } from '@studio/testkit/server/processes';
import type { ScenarioCounts } from '../report.js';
import { ServerLoad, operationsFor } from './load.js';
import { seedServerWorld, type ServerWorld, type WorldSize } from './seed.js';
import { verifyServerWorld, type Verdict } from './verify.js';

export interface LoadSettings extends WorldSize {
  concurrency: number;
  timeoutMs: number;
  badInputEvery: number;
}

/**
 * A seeded database served by a real `studio serve` process on a fixed port (a restart after a
 * kill takes it back, so the clients never change address) and loaded by `ServerLoad`. The
 * scenario decides which faults to inject between `start()` and `finish()`.
 */
export class LoadedServer {
  server: StudioProcess | null = null;
  readonly verdicts: Verdict[] = [];

  private constructor(
    readonly databaseUrl: string,
    readonly world: ServerWorld,
    readonly load: ServerLoad,
    readonly port: number,
  ) {}

  static async create(databaseUrl: string, port: number, settings: LoadSettings): Promise<LoadedServer> {
    const world = await seedServerWorld(databaseUrl, settings);
    const load = new ServerLoad(`http://127.0.0.1:${port}/v1`, world, operationsFor(world), settings);
    return new LoadedServer(databaseUrl, world, load, port);
  }

  async startServer(): Promise<void> {
    // The load is thousands of requests a minute under one key: the per-key rate limit (its own
    // tests are in the server's suite) would answer 429 and measure nothing of the faults.
    const server = await startStudio('serve', this.databaseUrl, 'warn', { port: this.port, env: { RATE_LIMIT_MAX: '0' } });
    this.server = server;
    // Only the scenario stops it (clearing `server` first): any other exit is a crash, reported
    // with its output at once, since the load then stalls and the scenario ends in a timeout.
    server.child.once('exit', (code, signal) => {
      if (this.server === server) process.stderr.write(`studio serve exited by itself (${code ?? signal}):\n${server.output().slice(-6000)}\n`);
    });
  }

  /** SIGKILL: no request finishes, no connection closes cleanly, nothing is flushed. */
  async killServer(): Promise<void> {
    const server = this.server!;
    this.server = null;
    server.child.kill('SIGKILL');
    await server.stop();
  }

  /** Checks the database against what the clients were told so far (the server must be down or idle). */
  async verify(): Promise<void> {
    this.verdicts.push(await verifyServerWorld(this.databaseUrl, this.world, this.load.ops));
  }

  /** Waits for every operation to be acknowledged, replays them all, checks a last time, stops. */
  async finish(timeoutMs: number): Promise<{ counts: ScenarioCounts; violations: string[]; notes: string[] }> {
    const violations: string[] = [];
    const notes: string[] = [];
    let replay = { replayed: 0, rewritten: [] as unknown[] };
    try {
      await this.load.settled(timeoutMs);
      await this.load.stop();
      replay = await this.load.replayAll();
    } catch (error) {
      violations.push(String(error));
    }
    await this.load.close();
    await this.verify();
    if (this.server && this.server.child.exitCode !== null) violations.push(`the server process died: ${this.server.output().slice(-2000)}`);
    const server = this.server;
    this.server = null;
    await server?.stop();
    const { stats, ops } = this.load;
    violations.push(...this.verdicts.flatMap((v) => v.violations), ...stats.unexpected.map((u) => `unexpected answer ${u}`));
    notes.push(
      `${ops.length} logical writes (${count(ops, 'check-in')} check-ins, ${count(ops, 'book')} bookings, ${count(ops, 'class-check-in')} class check-ins), ${stats.sent} requests`,
      `${stats.clean503} clean 503s, ${stats.networkErrors} refused or dropped connections, all retried with the same key; ${replay.replayed} replays gave the stored answer`,
    );
    return {
      counts: {
        operations: stats.sent,
        faults: 0,
        acknowledged: this.load.acknowledged,
        // Lost: the worst of every check (a write acknowledged, then missing after a fault).
        lost: Math.max(...this.verdicts.map((v) => v.lost)),
        duplicated: Math.max(...this.verdicts.map((v) => v.duplicated)) + replay.rewritten.length,
        serverErrors: stats.serverErrors,
        badInputServerErrors: stats.badInputServerErrors,
        unclean: stats.unclean,
      },
      violations,
      notes,
    };
  }
}

const count = (ops: readonly { kind: string }[], kind: string) => ops.filter((op) => op.kind === kind).length;

/** A random pause in [min, max) ms: faults land at a different point of the load each time. */
export const randomPause = (minMs: number, maxMs: number) => sleep(minMs + Math.random() * (maxMs - minMs));
