import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { diskFull } from '../scenarios/disk-full.js';
import { postgresRestart } from '../scenarios/postgres-restart.js';
import { serverKill } from '../scenarios/server-kill.js';
import { postgresBinaries } from '../server/postgres-cluster.js';
import { quickSettings } from '../settings.js';
import { expectKeptPromises } from './expectations.js';

// In CI the private cluster is mandatory (CI installs Postgres): missing binaries fail the run there.
const canRunCluster = postgresBinaries() !== null || Boolean(process.env.CI);
if (!canRunCluster) console.warn('chaos: no PostgreSQL server binaries (/usr/lib/postgresql/*/bin): the Postgres restart scenario is skipped');

describe('server faults (npm run chaos -- --quick)', () => {
  it.runIf(canRunCluster)('Postgres restarted and killed under load: clean 503s, recovery without a server restart, nothing lost or half-written', async () => {
    const result = await postgresRestart(quickSettings.postgresRestart);
    expectKeptPromises(result);
    expect(result.serverErrors).toBeGreaterThan(0);
    expect(result.acknowledged).toBe(quickSettings.postgresRestart.checkIns + quickSettings.postgresRestart.bookings + quickSettings.postgresRestart.classCheckIns);
  });

  it.each(dialects)('studio serve killed with SIGKILL mid-write (%s): every acknowledged write survives, replays answer the stored result', async (dialect) => {
    const result = await serverKill(dialect, quickSettings.serverKill);
    expectKeptPromises(result);
    expect(result.faults).toBe(quickSettings.serverKill.kills);
  });

  it('disk full on SQLite: clean refusals, reads work, writes resume once space is freed', async () => {
    const result = await diskFull(quickSettings.diskFull);
    expectKeptPromises(result);
    expect(result.serverErrors).toBeGreaterThan(0);
  });
});
