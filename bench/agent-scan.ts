// Scan to relay: an emulated RDM6300 on a socat pseudo-terminal writes a frame; the time until the
// relay command bytes arrive on the emulated LCUS board's pseudo-terminal, with the agent a real
// `studio-agent` process. Online (server on loopback), offline (cache), and the pty hops alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, openSync, writeFileSync, writeSync, type ReadStream } from 'node:fs';
import { join } from 'node:path';
import { startPtyPair, type PtyPair } from '@studio/testkit/agent/socat';

const relayOn = Buffer.from([0xa0, 0x01, 0x01, 0xa2]);
const relayOff = Buffer.from([0xa0, 0x01, 0x00, 0xa1]);

export interface ScanLatency {
  mode: 'pty floor' | 'online' | 'offline';
  scans: number;
  p50: number;
  p99: number;
}

/** An RDM6300 frame of a 5-byte EM4100 id: STX, 10 hex, XOR checksum as 2 hex, ETX (docs/hardware.md §1.2.1). */
export function rdm6300Frame(id: Buffer): Buffer {
  const checksum = id.reduce((x, b) => x ^ b, 0);
  return Buffer.concat([Buffer.from([0x02]), Buffer.from(id.toString('hex').toUpperCase() + checksum.toString(16).toUpperCase().padStart(2, '0')), Buffer.from([0x03])]);
}

/** Bytes from one end of a pty, awaited by content. */
class PtyEnd {
  private buffer = Buffer.alloc(0);
  private waiter: { bytes: Buffer; resolve: () => void } | null = null;
  private readonly fd: number;
  private readonly stream: ReadStream;

  constructor(path: string) {
    this.fd = openSync(path, 'r+');
    this.stream = createReadStream('', { fd: this.fd, autoClose: false, highWaterMark: 64 });
    // A read still pending when socat closes the pair ends in EIO: the end of this pty, not a fault
    // of the agent; bytes that never came show as a timeout of `next()`.
    this.stream.on('error', () => this.close());
    this.stream.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk as Buffer]);
      this.check();
    });
  }

  write(bytes: Buffer): void {
    writeSync(this.fd, bytes);
  }

  next(bytes: Buffer, timeoutMs = 5000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${bytes.toString('hex')} within ${timeoutMs} ms`)), timeoutMs);
      this.waiter = { bytes, resolve: () => (clearTimeout(timer), resolve()) };
      this.check();
    });
  }

  private check(): void {
    if (!this.waiter) return;
    const at = this.buffer.indexOf(this.waiter.bytes);
    if (at < 0) return;
    this.buffer = this.buffer.subarray(at + this.waiter.bytes.length);
    const { resolve } = this.waiter;
    this.waiter = null;
    resolve();
  }

  close(): void {
    this.stream.destroy();
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function timed(scans: number, one: (i: number) => Promise<void>, after?: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (let i = 0; i < scans; i++) {
    const t0 = process.hrtime.bigint();
    await one(i);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    await after?.();
  }
  return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99) };
}

/** Up to three minutes: the online run's agent first loads the whole feed (200,000 credentials at 100,000 members). */
async function waitForHealth(url: string, ready: (health: { cache: { synced_at: string | null }; devices: { state: string }[] }) => boolean): Promise<void> {
  for (let attempt = 0; attempt < 1800; attempt++) {
    try {
      const health = (await (await fetch(url)).json()) as Parameters<typeof ready>[0];
      if (ready(health)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`agent at ${url} never became ready`);
}

export interface ScanBenchInput {
  root: string;
  work: string;
  serverUrl: string;
  key: string;
  locationId: string;
  /** The 5-byte ids of members the server admits. */
  cardIds: Buffer[];
  scans: number;
  agentPort: number;
}

/** Runs the three measurements; the agent's store carries the cache from the online run to the offline one. */
export async function scanToRelay(input: ScanBenchInput): Promise<ScanLatency[]> {
  const reader: PtyPair = await startPtyPair('bench-reader');
  const relay: PtyPair = await startPtyPair('bench-relay');
  const results: ScanLatency[] = [];
  try {
    process.stderr.write('agent: pty floor\n');
    const floor = await ptyFloor(input.scans);
    results.push({ mode: 'pty floor', scans: input.scans, ...floor });
    for (const mode of ['online', 'offline'] as const) {
      const serverUrl = mode === 'online' ? `${input.serverUrl}/v1` : 'http://127.0.0.1:9/v1';
      process.stderr.write(`agent: scan to relay, ${mode}\n`);
      const agent = startAgent(input, reader, relay, serverUrl, mode);
      const card = new PtyEnd(reader.a);
      const board = new PtyEnd(relay.a);
      try {
        // The whole cache loaded, not just its first page: the server serves a full load's pages
        // (about 55 ms of SQLite work each at 100,000 members, profiled) on the thread that answers
        // the scans, and scans timed during the load measured that (online p99 +162 ms).
        await waitForHealth(`http://127.0.0.1:${input.agentPort}/health`, (h) => h.cache.synced_at !== null && h.devices.every((d) => d.state === 'ok'));
        // Cards go round so each scan is a new member: no debounce, no anti-passback, one visit each.
        const offset = mode === 'online' ? 0 : input.scans;
        const scan = async (i: number) => {
          card.write(rdm6300Frame(input.cardIds[(offset + i) % input.cardIds.length]!));
          await board.next(relayOn);
        };
        await scan(input.scans * 2); // a warm-up scan, also proof the cards are admitted
        await board.next(relayOff);
        // The pulse ends before the next card, as at a turnstile; only frame-to-relay-on is timed.
        const latency = await timed(input.scans, scan, () => board.next(relayOff));
        results.push({ mode, scans: input.scans, ...latency });
      } finally {
        card.close();
        board.close();
        agent.kill('SIGTERM');
        await new Promise((resolve) => agent.once('exit', resolve));
      }
    }
  } finally {
    await reader.close();
    await relay.close();
  }
  return results;
}

/**
 * The hops alone: a frame across a reader pty pair, then the relay command across a relay pair.
 * Pairs of its own: a read in flight on a pty is not cancelled by destroying its stream, and on
 * the agent's pairs it would swallow the agent's first frame.
 */
async function ptyFloor(scans: number) {
  const [reader, relay] = [await startPtyPair('bench-floor-reader'), await startPtyPair('bench-floor-relay')];
  const [cardSide, agentReads, agentWrites, boardSide] = [new PtyEnd(reader.a), new PtyEnd(reader.b), new PtyEnd(relay.b), new PtyEnd(relay.a)];
  const frame = rdm6300Frame(Buffer.from([0, 1, 2, 3, 4]));
  try {
    return await timed(scans, async () => {
      cardSide.write(frame);
      await agentReads.next(frame);
      agentWrites.write(relayOn);
      await boardSide.next(relayOn);
    });
  } finally {
    for (const end of [cardSide, agentReads, agentWrites, boardSide]) end.close();
    await reader.close();
    await relay.close();
  }
}

function startAgent(input: ScanBenchInput, reader: PtyPair, relay: PtyPair, serverUrl: string, mode: string): ChildProcess {
  const config = {
    version: 1,
    server: { url: serverUrl, api_key: input.key },
    location_id: input.locationId,
    // One turnstile online and offline, as its device key names it.
    device_id: 'bench-gate',
    devices: {
      readers: [{ id: 'reader', driver: 'rdm6300', path: reader.b, debounce_ms: 0 }],
      relays: [{ id: 'turnstile', driver: 'lcus', path: relay.b, channel: 1 }],
    },
    lanes: [{ id: 'lane', reader: 'reader', relay: 'turnstile', pulse_ms: 20 }],
    anti_passback_s: 0,
    offline: { max_cache_age_s: 86_400 },
    sync: { feed_interval_s: 3600, drain_interval_s: 3600 },
    store: { path: join(input.work, 'agent-bench.db') },
    local_api: { enabled: true, host: '127.0.0.1', port: input.agentPort },
    log_level: process.env.BENCH_AGENT_LOG ?? 'warn',
  };
  const file = join(input.work, `agent-${mode}.json`);
  writeFileSync(file, JSON.stringify(config));
  return spawn(process.execPath, [join(input.root, 'agent/bin/studio-agent.js'), '--config', file], {
    cwd: input.root,
    stdio: ['ignore', process.env.BENCH_AGENT_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
}
