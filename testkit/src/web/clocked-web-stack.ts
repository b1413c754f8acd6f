import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@studio/server/src/app.js';
import { openDatabase } from '@studio/server/src/db/dialects/open.js';
import type { Db } from '@studio/server/src/db/types.js';
import { staffAuthSettings } from '@studio/server/src/modules/staff-accounts/settings.js';
import { freshDatabase } from '../server/databases.js';
import { runStudio } from '../server/processes.js';
import { seedBusiness, type SeededBusiness } from './seed-business.js';
import { requireBuiltWebApp, webAppDistDir } from './web-app-build.js';
import { mintSetupLink } from './web-stack.js';

/** The server's clock in a clocked stack: the machine's, moved on by the test. */
export interface MovableClock {
  now(): number;
  /** Moves the server's time forward; the browser's and the agents' clocks stay the machine's. */
  advance(ms: number): void;
}

export interface ClockedWebStack {
  origin: string;
  appUrl: string;
  apiUrl: string;
  seed: SeededBusiness;
  setupLink: string;
  clock: MovableClock;
  mintKey(scopes: string[], locationId: string, name: string): Promise<string>;
  /** A device key (issue 29) for the agent whose config names `deviceId`, by the CLI as an installer mints it; `alsoScopes` beside its kind's. */
  mintDeviceKey(deviceId: string, kind: 'turnstile' | 'kiosk' | 'desk_reader', locationId: string, alsoScopes?: string[]): Promise<string>;
  close(): Promise<void>;
}

/**
 * The web tests' studio (the seeded business on a SQLite file, the built web app at `/app/`) served
 * in this process rather than as `studio-server serve`, on a clock the test moves: for what only
 * time shows (an agent silent for ten minutes is lost) without waiting for it, and, through
 * `wrapDb`, what only a held request shows (an import's progress while it runs). The server is the
 * same `buildApp` that `serve` runs, with its staff-auth clock (which every clocked route reads)
 * given; setup link and keys come from the CLI as in `startWebStack`.
 */
export async function startClockedWebStack(options: { wrapDb?: (db: Db) => Db } = {}): Promise<ClockedWebStack> {
  requireBuiltWebApp();
  const dir = mkdtempSync(join(tmpdir(), 'studio-web-clocked-'));
  const database = await freshDatabase('sqlite');
  let offset = 0;
  const clock: MovableClock = { now: () => Date.now() + offset, advance: (ms) => void (offset += ms) };
  const cleanUp = async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const seed = await seedBusiness(database.url, dir);
    const db = await openDatabase(database.url);
    const app = await buildApp({ db: options.wrapDb ? options.wrapDb(db) : db, staffAuth: staffAuthSettings(clock.now), webAppDir: webAppDistDir });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = new URL(address).origin;
    const cli = (args: string[]) => runStudio(database.url, args);
    return {
      origin,
      appUrl: `${origin}/app/`,
      apiUrl: `${origin}/v1`,
      seed,
      setupLink: await mintSetupLink({ origin, cli, seed }),
      clock,
      async mintKey(scopes, locationId, name) {
        const outcome = await cli(['keys', 'create', '--company', seed.companyId, '--scopes', scopes.join(','), '--locations', locationId, '--name', name]);
        if (outcome.code !== 0) throw new Error(`keys create failed: ${outcome.stderr}`);
        return (JSON.parse(outcome.stdout) as { key: string }).key;
      },
      async mintDeviceKey(deviceId, kind, locationId, alsoScopes = []) {
        const scopes = alsoScopes.length > 0 ? ['--scopes', alsoScopes.join(',')] : [];
        const outcome = await cli(['keys', 'create', '--company', seed.companyId, '--device', deviceId, '--kind', kind, '--locations', locationId, ...scopes]);
        if (outcome.code !== 0) throw new Error(`keys create --device failed: ${outcome.stderr}`);
        return (JSON.parse(outcome.stdout) as { key: string }).key;
      },
      async close() {
        await app.close();
        await db.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
