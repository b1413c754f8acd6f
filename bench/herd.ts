import { spawn } from 'node:child_process';

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
  herd: { fullLoads: number; pages: number; failures: number; medianLoadSeconds: number | null };
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

function herdClients(ctx: Context): Promise<HerdResult['herd']> {
  const spec = { url: ctx.serverUrl, key: ctx.key, locationId: ctx.locationId, clients, durationSeconds: ctx.durationSeconds };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/herd-clients.ts', JSON.stringify(spec)], { cwd: ctx.root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`herd clients exited ${code}`))));
  });
}

/**
 * Check-ins at a fixed rate (half the measured one), alone and then while 20 feed clients reload
 * the eligibility feed in full at once and again until the round ends: the door's p99 with the
 * herd against its p99 without.
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
  const [withHerd, herd] = await Promise.all([ctx.runLoad(checkins), herdClients(ctx)]);
  return { dialect: ctx.dialect, clients, rate, without, with: withHerd, ratio: withHerd.p99 / Math.max(without.p99, 1e-9), herd };
}

export function herdLines(herds: HerdResult[]): string[] {
  if (herds.length === 0) return [];
  return [
    `## Herd: check-ins at half their measured rate, alone and while ${clients} feed clients reload the eligibility feed in full`,
    '',
    '| dialect | check-ins/s asked | p50 / p99 ms alone | p50 / p99 ms with the herd | p99 ratio | full loads by the herd | feed pages | median full load s | non-2xx / errors with the herd |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...herds.map(
      (h) =>
        `| ${h.dialect} | ${h.rate} | ${h.without.p50} / ${h.without.p99} | ${h.with.p50} / ${h.with.p99} | ${h.ratio.toFixed(2)} | ${h.herd.fullLoads} | ${h.herd.pages} | ${h.herd.medianLoadSeconds?.toFixed(2) ?? '–'} | ${h.with.non2xx} / ${h.with.errors + h.with.timeouts} |`,
    ),
    '',
  ];
}
