import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { apiBaseUrl, type Config } from '../../config.js';
import { isPostgresUrl } from '../../db/open.js';
import type { Db } from '../../db/types.js';
import { createKey } from '../../modules/keys/repository.js';
import { authenticate } from '../../plugins/auth.js';

/** `STUDIO_AGENT=off` runs the one-box without its simulated turnstile; `STUDIO_AGENT_PORT` moves its local API. */
export interface OneBoxAgentSettings {
  enabled: boolean;
  localApiPort: number;
}

export function oneBoxAgentSettings(env: NodeJS.ProcessEnv = process.env): OneBoxAgentSettings {
  const port = Number(env.STUDIO_AGENT_PORT ?? 8787);
  return { enabled: env.STUDIO_AGENT !== 'off', localApiPort: Number.isInteger(port) && port >= 0 && port <= 65_535 ? port : 8787 };
}

function dataDir(databaseUrl: string): string {
  return isPostgresUrl(databaseUrl) || databaseUrl === ':memory:' ? 'data' : dirname(databaseUrl);
}

/** The turnstile's own key: check-in only, at one location, kept beside the database (mode 600) like the demo key. */
async function agentKey(db: Db, companyId: string, locationId: string, file: string): Promise<string> {
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    const stillValid = await authenticate(db, `Bearer ${kept}`).then((auth) => auth.companyId === companyId, () => false);
    if (stillValid) return kept;
  }
  const { key } = await createKey(db, { companyId, name: 'one-box turnstile (simulated)', scopes: ['checkin:members'], locationIds: [locationId] });
  writeFileSync(file, key + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

export interface OneBoxAgent {
  location: string;
  localApi: string;
  stop(): Promise<void>;
}

/**
 * The one-box's turnstile: the device agent in this process, in simulation (a card number typed
 * on stdin is a scan, a relay pulse is a log line), at the demo company's first location. Loaded
 * only here, so `studio serve` never loads the agent. A failure to start it is logged and the
 * server keeps running: the API is the product, the simulated gate a demo of it.
 */
export async function startOneBoxAgent(db: Db, config: Config, companyId: string, log: Logger, settings: OneBoxAgentSettings): Promise<OneBoxAgent | null> {
  try {
    const location = await db.first(db.qb.selectFrom('locations').select(['id', 'name']).where('company_id', '=', companyId).orderBy('name').limit(1));
    if (!location) return null;
    const dir = dataDir(config.databaseUrl);
    const apiKey = await agentKey(db, companyId, location.id, join(dir, 'agent-key'));
    const { parseAgentConfig } = await import('../../../../agent/src/config/load.js');
    const { launchAgent } = await import('../../../../agent/src/launch.js');
    const agentConfig = parseAgentConfig({
      version: 1,
      server: { url: apiBaseUrl(config), api_key: apiKey },
      location_id: location.id,
      device_id: 'one-box-turnstile',
      store: { path: join(dir, 'agent.db') },
      local_api: { port: settings.localApiPort },
      log_level: config.logLevel,
    });
    const agent = await launchAgent(agentConfig, { simulate: true, logger: log.child({ component: 'agent' }) });
    const listening = agent.localApi?.address();
    const address = listening ? `http://${listening.address}:${listening.port}` : 'off';
    return { location: location.name, localApi: address, stop: () => agent.stop() };
  } catch (error) {
    log.error({ err: error }, 'the simulated turnstile agent did not start; the API server runs without it');
    return null;
  }
}
