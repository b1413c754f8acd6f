import { freshDatabase, type DialectName } from '@studio/testkit/server/databases';
import { freePort } from '@studio/testkit/server/processes';
import type { ScenarioResult } from '../report.js';
import { LoadedServer, randomPause, type LoadSettings } from '../server/world-run.js';

export interface ServerKillSettings extends LoadSettings {
  kills: number;
}

/**
 * `studio serve` killed with SIGKILL in the middle of check-ins, class bookings and class
 * check-ins, then started again on the same database, `kills` times. After each kill the database
 * must hold every write acknowledged so far and nothing half-written; at the end every operation
 * is acknowledged exactly once and a replay of each key answers the stored result.
 */
export async function serverKill(dialect: DialectName, settings: ServerKillSettings): Promise<ScenarioResult> {
  const started = performance.now();
  const database = await freshDatabase(dialect);
  const notes: string[] = [];
  try {
    const run = await LoadedServer.create(database.url, await freePort(), settings);
    await run.startServer();
    run.load.start();
    // Each kill lands at a random point of the load: after a random share of the writes, then a random instant.
    const marks = Array.from({ length: settings.kills }, () => 0.1 + Math.random() * 0.8).sort();
    for (const [kill, mark] of marks.entries()) {
      await run.load.reached(Math.floor(mark * run.load.ops.length));
      await randomPause(0, 30);
      const acknowledged = run.load.acknowledged;
      await run.killServer();
      await run.verify();
      notes.push(`kill ${kill + 1}: ${acknowledged} of ${run.load.ops.length} acknowledged before it`);
      await run.startServer();
    }
    const outcome = await run.finish(60_000);
    return {
      scenario: `server SIGKILL mid-write (${dialect})`,
      ...outcome.counts,
      faults: settings.kills,
      violations: outcome.violations,
      notes: [...outcome.notes, ...notes],
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.drop();
  }
}
