import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '../server/src/db/dialects/open.js';
import { bumpFeed } from '../server/src/modules/feed/sequence.js';
import { scanToRelay, type ScanLatency } from './agent-scan.js';
import type { BenchData } from './seed.js';

export interface AgentSyncResult {
  feedRows: number;
  feedSeconds: number;
  feedPeakRssMb: number;
  deltaChanges: number;
  deltaSeconds: number;
  drainVisits: number;
  drainSeconds: number;
  drainPerSecond: number;
  /** The agent's CPU per delivered visit during the drain (the process's user + system time). */
  drainCpuUsPerVisit: number;
  /** Visits the server holds from the drain: must equal drainVisits (exactly once). */
  serverVisits: number;
  rejected: number;
}

export interface AgentBenchResult {
  scans: ScanLatency[];
  sync: AgentSyncResult;
}

interface Context {
  root: string;
  work: string;
  serverUrl: string;
  databaseUrl: string;
  data: BenchData;
  scans: number;
  drainVisits: number;
  agentPort: number;
}

function syncProcess(ctx: Context, mode: 'feed' | 'drain', extra: Record<string, unknown> = {}) {
  const input = { serverUrl: ctx.serverUrl, key: ctx.data.deviceKeys.drain, locationId: ctx.data.locationIds[0], storePath: join(ctx.work, `agent-${mode}.db`), ...extra };
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/agent-sync.ts', mode, JSON.stringify(input)], { cwd: ctx.root, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await lines.next()).value as string);
  return { child, next };
}

/** The agent against the SQLite server of the run: scan to relay, feed load and delta, outbox drain. */
export async function agentBench(ctx: Context): Promise<AgentBenchResult> {
  const scans = await scanToRelay({
    root: ctx.root,
    work: ctx.work,
    serverUrl: ctx.serverUrl,
    key: ctx.data.deviceKeys.gate,
    locationId: ctx.data.locationIds[0]!,
    cardIds: ctx.data.admittedCardIds,
    scans: ctx.scans,
    agentPort: ctx.agentPort,
  });

  const feed = syncProcess(ctx, 'feed');
  const full = await feed.next();
  const db = await openDatabase(ctx.databaseUrl);
  const changed = ctx.data.admittedMembershipIds.slice(0, 1000);
  try {
    await db.transaction(async (tx) => {
      await tx.run(db.qb.updateTable('memberships').set({ status: 'past_due' }).where('id', 'in', changed));
      await bumpFeed(db, tx, ctx.data.companyId, changed);
    });
    // Ended, not just written: the feed process lives until its stdin closes, and while it lives the run cannot exit.
    feed.child.stdin!.end('delta\n');
    const delta = await feed.next();

    const membershipsFile = join(ctx.work, 'drain-memberships.json');
    const drained = ctx.data.admittedMembershipIds.slice(1000, 1000 + ctx.drainVisits);
    writeFileSync(membershipsFile, JSON.stringify(drained));
    const drain = syncProcess(ctx, 'drain', { membershipsFile });
    const result = await drain.next();
    const held = await db.first(
      db.qb
        .selectFrom('visits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('device_id', '=', 'bench-drain'),
    );
    return {
      scans,
      sync: {
        feedRows: full.rows,
        feedSeconds: full.seconds,
        feedPeakRssMb: full.peakRssMb,
        deltaChanges: changed.length,
        deltaSeconds: delta.seconds,
        drainVisits: drained.length,
        drainSeconds: result.seconds,
        drainPerSecond: result.perSecond,
        drainCpuUsPerVisit: result.cpuUsPerVisit,
        serverVisits: Number(held!.n),
        rejected: result.rejected,
      },
    };
  } finally {
    await db.close();
  }
}
