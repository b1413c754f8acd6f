// The product as shipped: how fast a built command starts, how much memory the built agent holds
// with a full cache, and how long `npm start` takes to answer. Each figure beside a baseline taken
// in the same run on the same machine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { peakRssMb, rssMb } from './proc.js';

export interface ShipResult {
  /** Median wall time of `studio-server keys list` and of `node -e ""`, in ms; ratio = cli / node. */
  cli: { command: string; ms: number; nodeMs: number; ratio: number };
  /**
   * The built agent with the full cache against a bare node holding the same SQLite file open:
   * its RSS once settled (ratio = agent / bare) and its peak (VmHWM) since it started.
   */
  agentRss: { credentials: number; agentMb: number; agentPeakMb: number; bareMb: number; ratio: number; peakRatio: number };
  /** `npm start` on an empty data folder (demo seeded) and on the second start, to the first answer of /v1/ping, in s. */
  startToPing: { firstS: number; againS: number };
}

interface ShipInput {
  root: string;
  work: string;
  databaseUrl: string;
  companyId: string;
  serverUrl: string;
  key: string;
  locationId: string;
  /** An agent store holding the feed in full (the agent bench's feed run). */
  feedStore: string;
  credentials: number;
  freePort: () => Promise<number>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function wallMs(args: string[], env: NodeJS.ProcessEnv): number {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stderr}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Alternating runs of the command and of `node -e ""`, so both see the same machine load. */
function cliStart(input: ShipInput, runs = 15): ShipResult['cli'] {
  const env = { ...process.env, DATABASE_URL: input.databaseUrl };
  const args = [join(input.root, 'server/bin/studio-server.js'), 'keys', 'list', '--company', input.companyId];
  const cli: number[] = [];
  const node: number[] = [];
  wallMs(args, env); // the file cache warmed, as for every later call
  for (let run = 0; run < runs; run++) {
    cli.push(wallMs(args, env));
    node.push(wallMs(['-e', ''], env));
  }
  return { command: 'studio-server keys list', ms: median(cli), nodeMs: median(node), ratio: median(cli) / median(node) };
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  throw new Error(`${url} did not answer`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** The built agent (simulated devices) on a copy of the full store, after its first sync; against `node` with better-sqlite3 holding the same file. */
async function agentRss(input: ShipInput): Promise<ShipResult['agentRss']> {
  const store = join(input.work, 'ship-agent.db');
  copyFileSync(input.feedStore, store);
  const port = await input.freePort();
  const config = join(input.work, 'ship-agent.json');
  writeFileSync(
    config,
    JSON.stringify({
      version: 1,
      server: { url: `${input.serverUrl}/v1`, api_key: input.key },
      location_id: input.locationId,
      device_id: 'bench-ship',
      store: { path: store },
      local_api: { enabled: true, host: '127.0.0.1', port },
      log_level: 'warn',
    }),
    { mode: 0o600 },
  );
  const agent = spawn(process.execPath, [join(input.root, 'agent/bin/studio-agent.js'), '--config', config, '--simulate'], { stdio: ['pipe', 'ignore', 'inherit'] });
  const bare = spawn(
    process.execPath,
    ['-e', `const db = new (require('better-sqlite3'))(${JSON.stringify(store)}, { readonly: true }); db.prepare('select count(*) from sqlite_master').get(); setInterval(() => {}, 1000);`],
    { cwd: input.root, stdio: 'ignore' },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/health`, agent);
    // Settled: its first feed call done, timers running; then a few scans typed at the simulated turnstile.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (let scan = 0; scan < 20; scan++) agent.stdin!.write(`HF-${1000 + scan}\n`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const agentMb = rssMb(agent.pid!);
    const agentPeakMb = peakRssMb(agent.pid!);
    const bareMb = peakRssMb(bare.pid!);
    return { credentials: input.credentials, agentMb, agentPeakMb, bareMb, ratio: agentMb / bareMb, peakRatio: agentPeakMb / bareMb };
  } finally {
    await stop(agent);
    await stop(bare);
  }
}

/** `npm start` as a newcomer runs it (through npm, with its build step), on an empty data folder, then again on the same folder. */
async function startToPing(input: ShipInput): Promise<ShipResult['startToPing']> {
  const data = mkdtempSync(join(input.work, 'ship-start-'));
  const once = async (): Promise<number> => {
    const port = await input.freePort();
    const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: join(data, 'studio.db'), STUDIO_AGENT_PORT: String(await input.freePort()), LOG_LEVEL: 'warn' };
    const started = process.hrtime.bigint();
    const child = spawn('npm', ['start', '--silent'], { cwd: input.root, env, stdio: ['pipe', 'ignore', 'inherit'], detached: true });
    try {
      await waitFor(`http://127.0.0.1:${port}/v1/ping`, child);
      return Number(process.hrtime.bigint() - started) / 1e9;
    } finally {
      // npm, its shell and node: the whole group.
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  };
  const firstS = await once();
  const againS = await once();
  return { firstS, againS };
}

export async function shipBench(input: ShipInput): Promise<ShipResult> {
  return { cli: cliStart(input), agentRss: await agentRss(input), startToPing: await startToPing(input) };
}

export function shipLines({ cli, agentRss: rss, startToPing: start }: ShipResult): string[] {
  return [
    '## The product as shipped (built commands)',
    '',
    '| measure | value | baseline in the same run | ratio |',
    '|---|---:|---:|---:|',
    `| \`${cli.command}\` wall time, ms (median) | ${cli.ms.toFixed(0)} | \`node -e ""\` ${cli.nodeMs.toFixed(0)} | ${cli.ratio.toFixed(2)} |`,
    `| agent RSS with ${rss.credentials} credentials cached, settled, MB | ${Math.round(rss.agentMb)} | bare node + SQLite file ${Math.round(rss.bareMb)} | ${rss.ratio.toFixed(2)} |`,
    `| agent peak RSS (VmHWM) since its start, MB | ${Math.round(rss.agentPeakMb)} | bare node + SQLite file ${Math.round(rss.bareMb)} | ${rss.peakRatio.toFixed(2)} |`,
    `| \`npm start\` to the first /v1/ping answer, s: empty data folder / again | ${start.firstS.toFixed(1)} / ${start.againS.toFixed(1)} | | |`,
    '',
  ];
}
