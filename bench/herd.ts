import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** What the load generator (bench/load.ts) answers. */
export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface HerdResult {
  dialect: string;
  clients: number;
  /** Check-ins per second asked of both rounds: half the rate measured for check-in in the same run. */
  rate: number;
  without: LoadResult;
  with: LoadResult;
  /** p99 with the herd over p99 without it. */
  ratio: number;
  herd: { fullLoads: number; pages: number; pagesPerSecond: number; failures: number; medianLoadSeconds: number | null };
}

interface Context {
  root: string;
  dialect: string;
  serverUrl: string;
  key: string;
  locationId: string;
  /** The check-in bodies the other scenarios use. */
  bodiesFile: string;
  /** Check-in's req/s measured earlier in this run, as fast as the server answers. */
  checkinRps: number;
  connections: number;
  durationSeconds: number;
  runLoad: (spec: Record<string, unknown>) => Promise<LoadResult>;
}

const clients = 20;
/** Seconds the herd goes on past the round: the load generator takes about a second to start. */
const startMarginSeconds = 3;

/** Starts the herd's clients for a round and a margin (the load generator's own start); resolves once they have begun. */
async function startHerd(ctx: Context): Promise<{ done: Promise<HerdResult['herd']> }> {
  const spec = { url: ctx.serverUrl, key: ctx.key, locationId: ctx.locationId, clients, durationSeconds: ctx.durationSeconds + startMarginSeconds };
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/herd-clients.ts', JSON.stringify(spec)], { cwd: ctx.root, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.value !== 'started') throw new Error('the herd clients did not start');
  return { done: lines.next().then((line) => JSON.parse(line.value as string) as HerdResult['herd']) };
}

/**
 * Check-ins at a fixed rate (half the measured one), alone and then while 20 feed clients reload
 * the eligibility feed in full at once, and again, for as long as the round: the door's p99 with
 * the herd against its p99 without.
 */
export async function herdBench(ctx: Context): Promise<HerdResult> {
  const rate = Math.max(1, Math.round(ctx.checkinRps / 2));
  const checkins = {
    url: `${ctx.serverUrl}/v1/members/check-in`,
    method: 'POST',
    bodiesFile: ctx.bodiesFile,
    idempotencyKey: true,
    key: ctx.key,
    connections: ctx.connections,
    durationSeconds: ctx.durationSeconds,
    overallRate: rate,
  };
  const without = await ctx.runLoad(checkins);
  const herding = await startHerd(ctx);
  const withHerd = await ctx.runLoad(checkins);
  const herd = await herding.done;
  return { dialect: ctx.dialect, clients, rate, without, with: withHerd, ratio: withHerd.p99 / Math.max(without.p99, 1e-9), herd };
}

export function herdLines(herds: HerdResult[]): string[] {
  if (herds.length === 0) return [];
  return [
    `## Herd: check-ins at half their measured rate, alone and while ${clients} feed clients reload the eligibility feed in full`,
    '',
    '| dialect | check-ins/s asked | p50 / p99 ms alone | p50 / p99 ms with the herd | p99 ratio | feed pages served (per s) | full loads finished (median s) | non-2xx / errors with the herd |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...herds.map(
      (h) =>
        `| ${h.dialect} | ${h.rate} | ${h.without.p50} / ${h.without.p99} | ${h.with.p50} / ${h.with.p99} | ${h.ratio.toFixed(2)} | ${h.herd.pages} (${h.herd.pagesPerSecond.toFixed(1)}) | ${h.herd.fullLoads} (${h.herd.medianLoadSeconds?.toFixed(2) ?? '–'}) | ${h.with.non2xx} / ${h.with.errors + h.with.timeouts} |`,
    ),
    '',
  ];
}
