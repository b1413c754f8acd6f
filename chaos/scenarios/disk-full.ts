import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createStudioClient } from '@studio/shared/client';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app.js';
import { defaultLimits } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/dialects/open.js';
import type { Db } from '../../server/src/db/types.js';
import type { ScenarioResult } from '../report.js';
import { ServerLoad, operationsFor } from '../server/load.js';
import { seedServerWorld } from '../server/seed.js';
import { verifyServerWorld } from '../server/verify.js';
import type { LoadSettings } from '../server/world-run.js';

export interface DiskFullSettings extends LoadSettings {
  episodes: number;
  /** How long each episode keeps the disk full. */
  fullMs: number;
}

/** SQLite's own size cap on the server's connection: past it every write fails with a real SQLITE_FULL. */
async function capPages(db: Db, pages: number | 'none'): Promise<void> {
  const limit = pages === 'none' ? 1_073_741_823 : pages;
  await db.all(sql.raw(`pragma max_page_count = ${limit}`).compile(db.qb));
}

async function pageCount(db: Db): Promise<number> {
  const [row] = await db.all(sql<{ page_count: number }>`pragma page_count`.compile(db.qb));
  return row!.page_count;
}

/**
 * The disk fills up under the SQLite server (simulated with `PRAGMA max_page_count` on its own
 * connection: a real SQLITE_FULL), `episodes` times. While it is full, writes must answer a clean
 * 5xx in the envelope with Retry-After, never crash or half-write; reads keep working; once space
 * is freed the same keys write, once. The server runs in this process: the cap is per connection.
 */
export async function diskFull(settings: DiskFullSettings): Promise<ScenarioResult> {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'studio-chaos-full-'));
  const url = join(dir, 'studio.db');
  const violations: string[] = [];
  const notes: string[] = [];
  try {
    const world = await seedServerWorld(url, settings);
    const db = await openDatabase(url);
    // As in world-run.ts: the load under one key would meet the per-key rate limit, not the full disk.
    const app = await buildApp({ db, limits: { ...defaultLimits, rateLimitMax: 0 } });
    const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/v1`;
    const load = new ServerLoad(base, world, operationsFor(world), settings);
    const reader = createStudioClient({ baseUrl: base, apiKey: world.key, retries: 0, timeoutMs: settings.timeoutMs });
    let reads = 0;
    let failedReads = 0;
    try {
      load.start();
      for (let episode = 0; episode < settings.episodes; episode++) {
        await load.reached(Math.floor(load.ops.length * (0.2 + (0.6 * episode) / settings.episodes + Math.random() * 0.1)));
        const refusedBefore = load.stats.clean503;
        await capPages(db, await pageCount(db));
        const until = Date.now() + settings.fullMs;
        while (Date.now() < until) {
          reads++;
          await reader.classes.get(world.classIds[reads % world.classIds.length]!).catch((error: unknown) => {
            failedReads++;
            violations.push(`a read failed while the disk was full: ${String(error)}`);
          });
          await sleep(10);
        }
        await capPages(db, 'none');
        notes.push(`episode ${episode + 1}: ${load.stats.clean503 - refusedBefore} writes refused cleanly while full; reads kept working`);
      }
      await load.settled(60_000);
      await load.stop();
      const replay = await load.replayAll();
      const verdict = await verifyServerWorld(url, world, load.ops);
      violations.push(...verdict.violations, ...load.stats.unexpected.map((u) => `unexpected answer ${u}`));
      if (load.stats.clean503 === 0) violations.push('no write met a full disk: the fault did not land under load');
      notes.push(`${load.ops.length} logical writes, ${load.stats.sent} requests; ${reads} reads while full, ${failedReads} failed; ${replay.replayed} replays gave the stored answer`);
      return {
        scenario: 'disk full on SQLite',
        operations: load.stats.sent + reads,
        faults: settings.episodes,
        acknowledged: load.acknowledged,
        lost: verdict.lost,
        duplicated: verdict.duplicated + replay.rewritten.length,
        serverErrors: load.stats.serverErrors,
        badInputServerErrors: load.stats.badInputServerErrors,
        unclean: load.stats.unclean,
        violations,
        notes,
        seconds: (performance.now() - started) / 1000,
      };
    } finally {
      await load.close();
      await reader.close();
      await app.close();
      await db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
