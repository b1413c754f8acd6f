// Where a hot path's CPU goes: a `studio serve` run under V8's sampling profiler (`--cpu-prof`) while
// one scenario loads it, the samples of the load's window grouped by the code they ran in.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  area: string;
  /** Of the samples in the load's window, idle excluded. */
  share: number;
  usPerRequest: number;
}

export interface ProfileResult {
  scenario: string;
  dialect: string;
  requests: number;
  usPerRequest: number;
  areas: ProfileShare[];
  /** The functions with the most self time, with their area. */
  functions: ProfileShare[];
}

/** Areas by where the code lives; the first that matches wins. */
const areas: [string, RegExp][] = [
  ['better-sqlite3 (JS side)', /node_modules\/better-sqlite3\//],
  ['pg driver', /node_modules\/(pg|pg-protocol|pg-pool)\//],
  ['Fastify and its router', /node_modules\/(fastify|find-my-way|avvio|@fastify|light-my-request|fast-content-type-parse|toad-cache)\//],
  ['JSON schemas and serialisation', /node_modules\/(fast-json-stringify|ajv|fast-uri|json-schema-ref-resolver)\//],
  ['zod validation', /node_modules\/zod\//],
  ['Kysely query builder', /node_modules\/kysely\//],
  ['pino logging', /node_modules\/(pino|sonic-boom|thread-stream)\//],
  ['server: database layer', /\/server\/(src|dist)\/db\//],
  ['server: HTTP pipeline and plugins', /\/server\/(src|dist)\/(http|plugins|app)/],
  ['server: domain services', /\/server\/(src|dist)\//],
  ['shared: rules, schemas, credentials', /\/shared\/(src|dist)\//],
  ['Node internals (http, net, streams, crypto)', /^node:/],
  ['other dependencies', /node_modules\//],
];

const sourceMaps = new Map<string, SourceMap | null>();

/**
 * The shipped commands are bundles (scripts/build-commands.mjs): a frame in `server/dist` is mapped
 * back through the bundle's source map to the file it came from, dependency or our own.
 */
function sourceOf({ url, lineNumber, columnNumber }: ProfileNode['callFrame']): string {
  if (!url.startsWith('file:') || !url.includes('/dist/')) return url;
  if (!sourceMaps.has(url)) {
    const mapFile = `${fileURLToPath(url)}.map`;
    sourceMaps.set(url, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]) : null);
  }
  const entry = sourceMaps.get(url)?.findEntry(lineNumber, columnNumber);
  return entry && 'originalSource' in entry ? new URL(entry.originalSource, url).pathname : url;
}

function areaOf(url: string): string {
  return areas.find(([, pattern]) => pattern.test(url))?.[0] ?? 'other code';
}

/**
 * Groups the samples taken between `fromMs` and `toMs` after the profiler started. A native frame
 * (no URL: a SQLite step, a hash, a socket write) counts for the area of the code that called it, as
 * "native, called from …": that is where its cost can be cut.
 */
export function summariseProfile(profile: CpuProfile, window: { fromMs: number; toMs: number }, requests: number): Pick<ProfileResult, 'areas' | 'functions' | 'usPerRequest'> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const labelOf = new Map<number, { area: string; fn: string } | null>();
  const label = (id: number): { area: string; fn: string } | null => {
    if (labelOf.has(id)) return labelOf.get(id)!;
    const { functionName, url } = byId.get(id)!.callFrame;
    let result: { area: string; fn: string } | null;
    if (functionName === '(idle)') result = null;
    else if (functionName === '(garbage collector)') result = { area: 'garbage collection', fn: '(garbage collector)' };
    else if (functionName === '(program)' || functionName === '(root)') result = { area: 'V8 and native, unattributed', fn: functionName };
    else if (url) {
      const source = sourceOf(byId.get(id)!.callFrame);
      result = { area: areaOf(source), fn: `${functionName || '(anonymous)'} ${source.replace(/^.*?\/(node_modules|server|shared|agent)\//, '$1/')}` };
    } else {
      let caller = parentOf.get(id);
      while (caller !== undefined && !byId.get(caller)!.callFrame.url) caller = parentOf.get(caller);
      const area = caller === undefined ? 'V8 and native, unattributed' : `native, called from ${areaOf(sourceOf(byId.get(caller)!.callFrame))}`;
      result = { area, fn: `${functionName} (native)` };
    }
    labelOf.set(id, result);
    return result;
  };
  const areaUs = new Map<string, number>();
  const fnUs = new Map<string, { area: string; us: number }>();
  let totalUs = 0;
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at / 1000 < window.fromMs || at / 1000 > window.toMs) continue;
    const sampled = label(profile.samples[i]!);
    if (!sampled) continue;
    totalUs += delta;
    areaUs.set(sampled.area, (areaUs.get(sampled.area) ?? 0) + delta);
    const fn = fnUs.get(sampled.fn) ?? { area: sampled.area, us: 0 };
    fn.us += delta;
    fnUs.set(sampled.fn, fn);
  }
  const perRequest = (us: number) => us / Math.max(1, requests);
  const share = (us: number) => us / Math.max(1, totalUs);
  return {
    usPerRequest: perRequest(totalUs),
    areas: [...areaUs].sort((a, b) => b[1] - a[1]).map(([area, us]) => ({ area, share: share(us), usPerRequest: perRequest(us) })),
    functions: [...fnUs]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, 12)
      .map(([fn, { area, us }]) => ({ area: `${fn} · ${area}`, share: share(us), usPerRequest: perRequest(us) })),
  };
}

export interface ProfileRun {
  /** Starts `studio serve` with these extra Node flags and waits until it answers. */
  start: (nodeFlags: string[]) => Promise<{ child: ChildProcess; url: string }>;
  /** Runs the scenario's load against the started server for `seconds`; answers the requests made. */
  load: (url: string, seconds: number) => Promise<number>;
  scenario: string;
  dialect: string;
  warmupSeconds: number;
  seconds: number;
}

/** One server process per scenario, so each profile holds one hot path; its start-up and warm-up are left out. */
export async function profileScenario(run: ProfileRun): Promise<ProfileResult> {
  const dir = mkdtempSync(join(process.env.TMPDIR ?? '/tmp', 'studio-profile-'));
  const spawnedAt = performance.now();
  const server = await run.start(['--cpu-prof', '--cpu-prof-interval', '200', '--cpu-prof-dir', dir]);
  await run.load(server.url, run.warmupSeconds);
  const fromMs = performance.now() - spawnedAt;
  const requests = await run.load(server.url, run.seconds);
  const toMs = performance.now() - spawnedAt;
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${run.dialect} ${run.scenario}: the server wrote no CPU profile`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  return { scenario: run.scenario, dialect: run.dialect, requests, ...summariseProfile(profile, { fromMs, toMs }, requests) };
}

export function profileLines(profiles: ProfileResult[]): string[] {
  const lines = ['## Where the CPU goes', '', "Samples of `studio serve` under V8's profiler during each load (start-up and warm-up left out), idle excluded.", ''];
  for (const p of profiles) {
    lines.push(`### ${p.dialect}: ${p.scenario} (${p.requests} requests, ${p.usPerRequest.toFixed(0)} µs sampled per request)`, '');
    lines.push('| area | share | µs/req |', '|---|---:|---:|');
    for (const a of p.areas.filter((a) => a.share >= 0.01)) lines.push(`| ${a.area} | ${(a.share * 100).toFixed(1)} % | ${a.usPerRequest.toFixed(1)} |`);
    lines.push('', '| function (self time) | share | µs/req |', '|---|---:|---:|');
    for (const f of p.functions) lines.push(`| ${f.area.replace(/\|/g, '\\|')} | ${(f.share * 100).toFixed(1)} % | ${f.usPerRequest.toFixed(1)} |`);
    lines.push('');
  }
  return lines;
}
