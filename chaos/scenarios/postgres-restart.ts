import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@studio/testkit/server/processes';
import type { ScenarioResult } from '../report.js';
import { PrivateCluster } from '../server/postgres-cluster.js';
import { LoadedServer, randomPause, type LoadSettings } from '../server/world-run.js';

export interface PostgresRestartSettings extends LoadSettings {
  /** How long the database stays away after the SIGKILL of its postmaster. */
  outageMs: number;
}

/**
 * Postgres taken away under load, twice: a fast restart (every backend terminated) and a SIGKILL
 * of the postmaster followed by crash recovery, on a private cluster. The `studio serve` process is
 * never restarted: requests during the outage must fail cleanly (503 `unavailable` with
 * Retry-After, never a hang), the server must find the database again by itself, and afterwards
 * every acknowledged write is there, nothing is half-written, and retried keys wrote once.
 */
export async function postgresRestart(settings: PostgresRestartSettings): Promise<ScenarioResult> {
  const started = performance.now();
  const cluster = await PrivateCluster.start();
  const notes: string[] = [];
  try {
    const run = await LoadedServer.create(cluster.url, await freePort(), settings);
    await run.startServer();
    const serverPid = run.server!.child.pid;
    run.load.start();
    const total = run.load.ops.length;

    await run.load.reached(Math.floor(total * (0.15 + Math.random() * 0.15)));
    await randomPause(0, 30);
    let before = run.load.stats.clean503;
    let at = run.load.acknowledged;
    let t0 = performance.now();
    await cluster.restart();
    notes.push(`fast restart at ${at}/${total} acknowledged: database away ${Math.round(performance.now() - t0)} ms, ${run.load.stats.clean503 - before} clean 503s meanwhile`);

    await run.load.reached(Math.floor(total * (0.5 + Math.random() * 0.15)));
    await randomPause(0, 30);
    before = run.load.stats.clean503;
    at = run.load.acknowledged;
    t0 = performance.now();
    cluster.killPostmaster();
    await sleep(settings.outageMs);
    await cluster.startPostmaster();
    notes.push(
      `postmaster SIGKILL at ${at}/${total} acknowledged: database away ${Math.round(performance.now() - t0)} ms (crash recovery included), ${run.load.stats.clean503 - before} clean 503s meanwhile`,
    );

    const outcome = await run.finish(60_000);
    const violations = [...outcome.violations];
    if (run.load.stats.clean503 === 0) violations.push('no request met the outage: the faults did not land under load');
    notes.push(`the same server process (pid ${serverPid}) served before, during and after both outages`);
    return {
      scenario: 'postgres restarted and killed under load',
      ...outcome.counts,
      faults: 2,
      violations,
      notes: [...outcome.notes, ...notes],
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await cluster.remove();
  }
}
