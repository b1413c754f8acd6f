// `npm run bench [-- --quick] [--members N] [--dialects sqlite,postgres] [--no-agent] [--no-kiosk] [--no-web] [--no-profile]`: the server's hot paths
// against a bare Fastify route measured in the same run, as ratios, medians of several rounds.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cpuSeconds, peakRssMb } from './proc.js';
import { agentBench, type AgentBenchResult } from './agent-bench.js';
import { classRush, type RushResult } from './class-rush.js';
import { herdBench, type HerdResult, type LoadResult } from './herd.js';
import { kioskPaintBench } from './kiosk-paint.js';
import { profileLines, profileScenario, type ProfileResult } from './profile.js';
import { renderReport, type Measurement } from './report.js';
import { seedBench, type BenchData } from './seed.js';
import { shipBench, type ShipResult } from './ship.js';
import { memberAppBench } from './member-app.js';
import { webAppBench } from './web-app.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'no-agent': { type: 'boolean', default: false },
    'no-kiosk': { type: 'boolean', default: false },
    'no-web': { type: 'boolean', default: false },
    'no-profile': { type: 'boolean', default: false },
    members: { type: 'string' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
  },
});
const quick = args.quick!;
const settings = {
  members: Number(args.members ?? (quick ? 5_000 : 100_000)),
  durationSeconds: quick ? 3 : 10,
  warmupSeconds: quick ? 1 : 3,
  rounds: quick ? 1 : 3,
  connections: 50,
};
/**
 * `serve` processes the class rush spreads its requests over. Several share one Postgres; SQLite is
 * served by one process (several on one file is not a supported deployment: a process waiting for
 * another's write lock waits with its event loop stopped, and its clients time out).
 */
const rushProcesses = { sqlite: 1, postgres: 4 } as const;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'studio-bench-'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server process on a free loopback port and waits until `readyPath` answers. */
async function startProcess(args: string[], env: Record<string, string>, readyPath: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      await fetch(url + readyPath);
      return { child, url };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${args.join(' ')} did not start`);
}

async function stop({ child }: { child: ChildProcess }): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

function runLoad(spec: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts', JSON.stringify(spec)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited ${code}`))));
  });
}

async function freshDatabase(dialect: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(work, 'sqlite-'));
    return { url: join(dir, 'bench.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `bench_${Date.now()}`;
  const admin = async (text: string) => {
    const client = new pg.Client(postgresUrl);
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`create schema ${schema}`);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => admin(`drop schema ${schema} cascade`) };
}

function writeBodies(data: BenchData): string {
  const bodies = join(work, 'bodies.json');
  writeFileSync(bodies, JSON.stringify(data.identifiers.map((identifier) => ({ identifier, location_id: data.locationIds[0] }))));
  return bodies;
}

function writeBookings(data: BenchData): string {
  const file = join(work, 'bookings.json');
  writeFileSync(file, JSON.stringify(data.schedule.bookings.map((b) => ({ path: `/v1/classes/${b.classId}/book`, body: { contact_id: b.contactId } }))));
  return file;
}

/** The door's two requests: measured, then profiled. */
function hotPaths(base: string, bodies: string) {
  return [
    { name: 'POST /members/resolve', spec: { url: `${base}/v1/members/resolve`, method: 'POST', bodiesFile: bodies } },
    { name: 'POST /members/check-in', spec: { url: `${base}/v1/members/check-in`, method: 'POST', bodiesFile: bodies, idempotencyKey: true } },
  ];
}

function scenarios(data: BenchData, base: string, bodies: string) {
  const { classServiceIds, appointmentServiceIds } = data.schedule;
  return [
    ...hotPaths(base, bodies),
    { name: 'GET /classes', spec: { url: base, method: 'GET', paths: data.locationIds.map((l, i) => `/v1/classes?location_id=${l}&service_id=${classServiceIds[i]}`) } },
    { name: 'POST /classes/{id}/book', spec: { url: base, method: 'POST', requestsFile: writeBookings(data), idempotencyKey: true } },
    { name: 'GET /availability', spec: { url: base, method: 'GET', paths: data.locationIds.map((l, i) => `/v1/availability?service_id=${appointmentServiceIds[i]}&location_id=${l}`) } },
    { name: 'GET /contacts?search=', spec: { url: base, method: 'GET', paths: data.contactSearches.map((q) => `/v1/contacts?search=${q}&limit=10`) } },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(name: string, dialect: string, pid: number, spec: Record<string, unknown>, key: string): Promise<Measurement> {
  const runs = [];
  await runLoad({ ...spec, key, connections: settings.connections, durationSeconds: settings.warmupSeconds });
  for (let round = 0; round < settings.rounds; round++) {
    const cpuBefore = cpuSeconds(pid);
    const result = await runLoad({ ...spec, key, connections: settings.connections, durationSeconds: settings.durationSeconds });
    runs.push({ ...result, cpuUsPerRequest: ((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.requests) });
  }
  return {
    scenario: name,
    dialect,
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    cpuUsPerRequest: median(runs.map((r) => r.cpuUsPerRequest)),
    peakRssMb: peakRssMb(pid),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  };
}

const measurements: Measurement[] = [];
const rushes: (RushResult & { dialect: string })[] = [];
const profiles: ProfileResult[] = [];
const herds: HerdResult[] = [];
let agent: AgentBenchResult | null = null;
let ship: ShipResult | null = null;
const bare = await startProcess(['--import', 'tsx', 'bench/bare-server.ts'], {}, '/bare');
try {
  for (const dialect of args.dialects!.split(',')) {
    const database = await freshDatabase(dialect);
    process.stderr.write(`${dialect}: seeding ${settings.members} members\n`);
    const data = await seedBench(database.url, settings.members);
    // Warnings only: the figures are the API's, not a log pipe's.
    const startServer = (nodeFlags: string[] = []) =>
      startProcess([...nodeFlags, 'server/bin/studio-server.js', 'serve'], { DATABASE_URL: database.url, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000' }, '/v1/openapi.json');
    const server = await startServer();
    try {
      process.stderr.write(`${dialect}: bare route\n`);
      // The same bodies and headers as the routes measured against it.
      const bodies = writeBodies(data);
      measurements.push(await measure('bare Fastify route (baseline)', dialect, bare.child.pid!, { url: `${bare.url}/bare`, method: 'POST', bodiesFile: bodies }, data.key));
      for (const scenario of scenarios(data, server.url, bodies)) {
        process.stderr.write(`${dialect}: ${scenario.name}\n`);
        measurements.push(await measure(scenario.name, dialect, server.child.pid!, scenario.spec, data.key));
      }
      process.stderr.write(`${dialect}: check-ins at half rate, alone and under a herd of feed reloads\n`);
      herds.push(
        await herdBench({
          root,
          dialect,
          serverUrl: server.url,
          key: data.key,
          locationId: data.locationIds[0]!,
          bodiesFile: bodies,
          checkinRps: measurements.find((m) => m.dialect === dialect && m.scenario === 'POST /members/check-in')!.rps,
          connections: settings.connections,
          durationSeconds: settings.durationSeconds,
          runLoad,
        }),
      );
      if (!args['no-profile']) {
        // After the measured rounds, in a server of its own: the profiler's cost stays out of the figures above.
        for (const [i, { name }] of hotPaths(server.url, bodies).entries()) {
          process.stderr.write(`${dialect}: profile of ${name}\n`);
          profiles.push(
            await profileScenario({
              scenario: name,
              dialect,
              start: startServer,
              load: async (url, seconds) => (await runLoad({ ...hotPaths(url, bodies)[i]!.spec, key: data.key, connections: settings.connections, durationSeconds: seconds })).requests,
              warmupSeconds: settings.warmupSeconds,
              seconds: settings.durationSeconds,
            }),
          );
        }
      }
      process.stderr.write(`${dialect}: class rush\n`);
      const others = await Promise.all(Array.from({ length: rushProcesses[dialect as keyof typeof rushProcesses] - 1 }, () => startServer()));
      try {
        const servers = [server, ...others].map(({ url, child }) => ({ url, pid: child.pid! }));
        rushes.push({ dialect, ...(await classRush(servers, data.key, database.url, data.schedule)) });
      } finally {
        await Promise.all(others.map(stop));
      }
      if (dialect === 'sqlite' && !args['no-agent']) {
        process.stderr.write('agent: scan to relay, feed load, outbox drain\n');
        agent = await agentBench({ root, work, serverUrl: server.url, databaseUrl: database.url, data, scans: quick ? 200 : 1000, drainVisits: quick ? 1000 : 10_000, agentPort: await freePort() });
        process.stderr.write('shipped: CLI start, agent memory, npm start\n');
        ship = await shipBench({
          root,
          work,
          databaseUrl: database.url,
          companyId: data.companyId,
          serverUrl: server.url,
          key: data.deviceKeys.ship,
          locationId: data.locationIds[0]!,
          feedStore: join(work, 'agent-feed.db'),
          credentials: agent.sync.feedRows,
          freePort,
        });
      }
    } finally {
      await stop(server);
      await database.drop();
    }
  }
} finally {
  bare.child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

const kiosk = args['no-kiosk'] ? null : await kioskPaintBench({ scans: quick ? 30 : 200 });
if (!args['no-web']) process.stderr.write('web app: bundle, first load of Today\n');
const web = args['no-web'] ? null : await webAppBench({ loads: quick ? 5 : 21 });
if (!args['no-web']) process.stderr.write("members' app: bundle, the timetable's first paint\n");
const member = args['no-web'] ? null : await memberAppBench({ loads: quick ? 5 : 21 });

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}, Node ${process.version}`;
const report = renderReport(measurements, rushes, agent, { ...settings, quick, machine }, kiosk, ship, web, herds, member);
const markdown = [report.markdown, ...profileLines(profiles)].join('\n');
const json = { ...report.json, profiles };
const results = join(root, 'bench', 'results');
mkdirSync(results, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(join(results, `bench-${stamp}.md`), markdown);
writeFileSync(join(results, `bench-${stamp}.json`), JSON.stringify(json, null, 2) + '\n');
writeFileSync(join(results, 'latest.md'), markdown);
process.stdout.write(markdown);
