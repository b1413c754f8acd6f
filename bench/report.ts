export interface Measurement {
  scenario: string;
  dialect: string;
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number;
  peakRssMb: number;
  requests: number;
  /** Answers outside 2xx: business refusals (a past-due member's 422) as well as failures. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

import type { AgentBenchResult } from './agent-bench.js';
import type { RushResult } from './class-rush.js';
import { kioskPaintLines, type KioskPaintResult } from './kiosk-paint.js';
import { shipLines, type ShipResult } from './ship.js';
import { herdLines, type HerdResult } from './herd.js';
import { checkTargets, targetLines } from './targets.js';
import { memberAppLines, type MemberAppResult } from './member-app.js';
import { webAppLines, type WebAppResult } from './web-app.js';

const baselineName = 'bare Fastify route (baseline)';

/** A Markdown table and a JSON document; every figure next to its ratio to the same run's bare route. */
export function renderReport(
  measurements: Measurement[],
  rushes: (RushResult & { dialect: string })[],
  agent: AgentBenchResult | null,
  settings: Record<string, unknown>,
  kiosk: KioskPaintResult | null = null,
  ship: ShipResult | null = null,
  web: WebAppResult | null = null,
  herds: HerdResult[] = [],
  member: MemberAppResult | null = null,
) {
  const rows = measurements.map((m) => {
    const baseline = measurements.find((b) => b.dialect === m.dialect && b.scenario === baselineName)!;
    return { ...m, ratio: m.rps / baseline.rps };
  });
  const targets = checkTargets(rows, rushes, agent, kiosk, ship, web, herds, member);
  const lines = [
    `# Benchmark ${new Date().toISOString()}`,
    '',
    `Machine: ${String(settings.machine)} (shared by the server, the load generator and Postgres).`,
    '',
    `Settings: ${Object.entries(settings)
      .filter(([k]) => k !== 'machine')
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ')}. Median of the rounds; ratio = req/s over the bare route's req/s in the same run and dialect block.`,
    '',
    '| dialect | scenario | req/s | ratio | p50 ms | p99 ms | server CPU µs/req | peak RSS MB | requests | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.dialect} | ${r.scenario} | ${Math.round(r.rps)} | ${r.ratio.toFixed(2)} | ${r.p50} | ${r.p99} | ${Math.round(r.cpuUsPerRequest)} | ${Math.round(r.peakRssMb)} | ${r.requests} | ${r.non2xx} | ${r.errors} |`,
    ),
    '',
    'The data set gives 5% of members a past-due membership, so check-in answers about 5% 422 `checkin_blocked` by design. Class bookings pick (class, contact) pairs at random, so some answer 200 `already_booked`.',
    '',
    '## Class rush: every rush contact books one class of 20 spots at once, over several `serve` processes',
    '',
    '| dialect | processes | requests | answered | booked | refused, by code | 5xx | socket errors | seconds | req/s | p99 ms | server CPU µs/req | live spots / capacity | booked and waiting |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rushes.map(
      (r) =>
        `| ${r.dialect} | ${r.processes} | ${r.requests} | ${r.answered} | ${r.booked} | ${refusalList(r.refusals)} | ${r.serverErrors} | ${r.socketErrors ? `${r.socketErrors} (${refusalList(r.socketErrorCauses)})` : 0} | ${r.seconds.toFixed(2)} | ${Math.round(r.rps)} | ${Math.round(r.p99)} | ${Math.round(r.cpuUsPerRequest)} | ${r.liveSpots} / ${r.capacity} | ${r.bookedAndWaiting} |`,
    ),
    '',
    ...herdLines(herds),
    ...(agent ? agentLines(agent) : []),
    ...(kiosk ? kioskPaintLines(kiosk) : []),
    ...(ship ? shipLines(ship) : []),
    ...(web ? webAppLines(web) : []),
    ...(member ? memberAppLines(member) : []),
    ...targetLines(targets),
  ];
  return { markdown: lines.join('\n'), json: { settings, measurements: rows, class_rush: rushes, herds, agent, kiosk, ship, web, member_app: member, targets } };
}

function refusalList(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
}

function agentLines({ scans, sync }: AgentBenchResult): string[] {
  const floor = scans.find((s) => s.mode === 'pty floor')!;
  return [
    '## Agent: scan to relay (RDM6300 frame in, LCUS command out, through socat pseudo-terminals)',
    '',
    '| mode | scans | p50 ms | p99 ms | p99 above the pty floor, ms |',
    '|---|---:|---:|---:|---:|',
    ...scans.map((s) => `| ${s.mode} | ${s.scans} | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.mode === 'pty floor' ? '' : (s.p99 - floor.p99).toFixed(2)} |`),
    '',
    '## Agent: sync',
    '',
    '| measure | value |',
    '|---|---:|',
    `| eligibility feed full load: credentials | ${sync.feedRows} |`,
    `| full load seconds | ${sync.feedSeconds.toFixed(2)} |`,
    `| agent peak RSS during the load, MB | ${Math.round(sync.feedPeakRssMb)} |`,
    `| delta of ${sync.deltaChanges} changed memberships, seconds | ${sync.deltaSeconds.toFixed(2)} |`,
    `| outbox drain: offline visits | ${sync.drainVisits} |`,
    `| drain seconds / visits per second | ${sync.drainSeconds.toFixed(2)} / ${Math.round(sync.drainPerSecond)} |`,
    `| agent CPU per drained visit, µs | ${Math.round(sync.drainCpuUsPerVisit)} |`,
    `| visits the server holds from the drain (exactly once: equal) | ${sync.serverVisits} |`,
    `| rejected | ${sync.rejected} |`,
    '',
  ];
}
