import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, type DialectName } from '../server/databases.js';
import { runStudio, startStudio, type StudioProcess } from '../server/processes.js';
import { seedBusiness, type SeededBusiness } from './seed-business.js';
import { startDeskAgent, startTurnstileAgent, type DeskAgent, type TurnstileAgent } from './simulated-agents.js';
import { requireBuiltWebApp } from './web-app-build.js';

export interface SeededStudio {
  /** `http://127.0.0.1:PORT`: the web app is at `${origin}/app/`, the API at `${origin}/v1`. */
  origin: string;
  apiUrl: string;
  databaseUrl: string;
  seed: SeededBusiness;
  server: StudioProcess;
  /** `studio-server <args>` on this studio's database. */
  cli(args: string[]): ReturnType<typeof runStudio>;
  /** A key minted by the CLI, as an installer does for an agent. */
  mintKey(scopes: string[], locationId: string, name: string): Promise<string>;
  /** A device key (issue 29) for the agent whose config names `deviceId`, by the CLI as an installer mints it; `alsoScopes` beside its kind's. */
  mintDeviceKey(deviceId: string, kind: 'turnstile' | 'kiosk' | 'desk_reader', locationId: string, alsoScopes?: string[]): Promise<string>;
  close(): Promise<void>;
}

export interface StudioOptions {
  dialect?: DialectName;
  logLevel?: string;
  /** Settings for `serve` beyond the database and port (WEBHOOK_ALLOW_PRIVATE_TARGETS, say). */
  env?: Record<string, string>;
}

/**
 * `studio-server serve` as a real process on a free loopback port, on a fresh database (a SQLite
 * file unless `dialect` says Postgres) holding the seeded business, imported by the CLI.
 */
export async function startSeededStudio(options: StudioOptions = {}): Promise<SeededStudio> {
  // The import file is written here; on SQLite the database file lives in its own temp folder.
  const dir = mkdtempSync(join(tmpdir(), 'studio-web-'));
  const database = await freshDatabase(options.dialect ?? 'sqlite');
  const databaseUrl = database.url;
  const removeAll = async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  let server: StudioProcess | null = null;
  try {
    const seed = await seedBusiness(databaseUrl, dir);
    server = await startStudio('serve', databaseUrl, options.logLevel ?? 'warn', { env: options.env ?? {} });
    const running = server;
    const cli = (args: string[]) => runStudio(databaseUrl, args);
    return {
      origin: new URL(server.base).origin,
      apiUrl: server.base,
      databaseUrl,
      seed,
      server,
      cli,
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
        await running.stop();
        await removeAll();
      },
    };
  } catch (error) {
    await server?.stop();
    await removeAll();
    throw error;
  }
}

/** `studio-server accounts setup-link`: the link is the part of its output that looks like one. */
export async function mintSetupLink(studio: Pick<SeededStudio, 'cli' | 'origin' | 'seed'>): Promise<string> {
  const outcome = await studio.cli(['accounts', 'setup-link', '--company', studio.seed.companyId, '--url', studio.origin]);
  const link = /https?:\/\/\S+\/app\/setup#[\w-]+/.exec(outcome.stdout)?.[0];
  if (outcome.code !== 0 || !link) throw new Error(`studio-server accounts setup-link printed no link (exit ${outcome.code}): ${outcome.stdout} ${outcome.stderr}`);
  return link;
}

export interface WebStack extends SeededStudio {
  appUrl: string;
  /** The one-time owner setup link the CLI printed: `${origin}/app/setup#<token>`. */
  setupLink: string;
  /** Started by `startAgents()`. */
  desk: DeskAgent | null;
  turnstile: TurnstileAgent | null;
  /** The desk agent (enrolment reader) and the turnstile agent (reader + relay) at North, with keys minted by the CLI. */
  startAgents(): Promise<{ desk: DeskAgent; turnstile: TurnstileAgent }>;
}

/**
 * The studio as it ships, for the web app's browser tests: the seeded `serve` (which serves the
 * built web app at `/app/`) and the owner setup link minted by the command a studio would run.
 */
export async function startWebStack(options: StudioOptions = {}): Promise<WebStack> {
  requireBuiltWebApp();
  const studio = await startSeededStudio(options);
  try {
    const setupLink = await mintSetupLink(studio);
    const stack: WebStack = {
      ...studio,
      appUrl: `${studio.origin}/app/`,
      setupLink,
      desk: null,
      turnstile: null,
      async startAgents() {
        const north = studio.seed.locations.north;
        const [deskKey, gateKey] = await Promise.all([studio.mintDeviceKey('north-desk', 'desk_reader', north), studio.mintDeviceKey('north-turnstile', 'turnstile', north)]);
        stack.desk = await startDeskAgent({ apiUrl: studio.apiUrl, apiKey: deskKey, locationId: north });
        stack.turnstile = await startTurnstileAgent({ apiUrl: studio.apiUrl, apiKey: gateKey, locationId: north });
        return { desk: stack.desk, turnstile: stack.turnstile };
      },
      async close() {
        await Promise.allSettled([stack.desk?.stop(), stack.turnstile?.stop()]);
        await studio.close();
      },
    };
    return stack;
  } catch (error) {
    await studio.close();
    throw error;
  }
}
