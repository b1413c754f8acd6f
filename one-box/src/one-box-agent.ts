import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtRendererDir } from '@studio/kiosk-ui/renderer-location';
import { apiBaseUrl, dataDir, type Config } from '@studio/server/src/config.js';
import type { Db } from '@studio/server/src/db/types.js';
import { createDeviceKey, revokeKey } from '@studio/server/src/modules/keys/repository.js';
import { authenticate } from '@studio/server/src/plugins/auth.js';
import type { Scope } from '@studio/shared';
import type { Logger } from 'pino';
import type { BoxSettings } from './box-settings.js';

/**
 * `STUDIO_AGENT=off` runs the one-box without its simulated turnstile; `STUDIO_AGENT_PORT` moves its
 * local API; `STUDIO_KIOSK_DIR` serves a kiosk renderer built elsewhere (default: kiosk-ui's build).
 */
export interface OneBoxAgentSettings {
  enabled: boolean;
  localApiPort: number;
  rendererDir: string;
}

export function oneBoxAgentSettings(env: NodeJS.ProcessEnv = process.env): OneBoxAgentSettings {
  const port = Number(env.STUDIO_AGENT_PORT ?? 8787);
  return {
    enabled: env.STUDIO_AGENT !== 'off',
    localApiPort: Number.isInteger(port) && port >= 0 && port <= 65_535 ? port : 8787,
    rendererDir: env.STUDIO_KIOSK_DIR ? resolve(env.STUDIO_KIOSK_DIR) : builtRendererDir,
  };
}

/** The renderer is built, not bundled at run time: without the build the kiosk page says what to run. */
export function rendererBuilt(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** What the box does: the turnstile checks members in; the kiosk reads the timetable, books walk-ins, checks into class and names the location. */
const agentScopes: Scope[] = ['checkin:members', 'read:classes', 'write:classes', 'read:catalog'];
/** The box's agent, as its config and its device key name it: one device, whose door is the turnstile. */
export const oneBoxDeviceId = 'one-box-front-desk';

/**
 * The box's own device key (issue 29): its turnstile at its location, with the kiosk's scopes too,
 * kept beside the database (mode 600) like the demo key; a kept key that is no device key of this
 * device, lacks a scope or is for another location (a box from before device keys) is replaced.
 */
async function agentKey(db: Db, companyId: string, locationId: string, file: string): Promise<string> {
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    const stillValid = await authenticate(db, `Bearer ${kept}`).then(
      (auth) =>
        auth.companyId === companyId &&
        auth.device?.id === oneBoxDeviceId &&
        auth.device.kind === 'turnstile' &&
        agentScopes.every((scope) => auth.scopes.includes(scope)) &&
        auth.locationIds?.length === 1 &&
        auth.locationIds[0] === locationId,
      () => false,
    );
    if (stillValid) return kept;
  }
  await retireOldAgentKeys(db, companyId, locationId);
  const { key } = await createDeviceKey(db, {
    companyId,
    name: 'one-box turnstile and kiosk (simulated)',
    locationId,
    deviceId: oneBoxDeviceId,
    kind: 'turnstile',
    alsoScopes: agentScopes,
  });
  writeFileSync(file, key + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** A replaced device key of this box's device, at another location (the box moved), would refuse the new one's registration: revoke it. */
async function retireOldAgentKeys(db: Db, companyId: string, locationId: string): Promise<void> {
  const stale = await db.all(db.qb.selectFrom('api_keys').select(['id', 'location_ids']).where('company_id', '=', companyId).where('device_id', '=', oneBoxDeviceId).where('revoked_at', 'is', null));
  for (const row of stale.filter((key) => key.location_ids !== JSON.stringify([locationId]))) await revokeKey(db, row.id);
}

export interface OneBoxAgent {
  location: string;
  localApi: string;
  /** The kiosk's renderer, for a browser on this machine. */
  kiosk: string;
  /** False when the renderer's folder holds no build: the kiosk page then names the command. */
  kioskBuilt: boolean;
  /** The demo business's box (the banner then names a demo member code). */
  demo: boolean;
  stop(): Promise<void>;
}

/**
 * The one-box's turnstile and kiosk: the device agent in this process, in simulation (a card
 * number typed on stdin is a scan at the turnstile, a relay pulse is a log line; the kiosk is
 * tapped in a browser), at the box's location (box.json), serving the built kiosk renderer.
 * Loaded only here, so the other `studio` commands never load the agent. A failure to start it is
 * logged and the server keeps running: the API is the product, the simulated gate a demo of it.
 * Over HTTPS it pins the server's own certificate (`tlsFingerprint`).
 */
export async function startOneBoxAgent(db: Db, config: Config, box: BoxSettings, log: Logger, settings: OneBoxAgentSettings, tlsFingerprint?: string): Promise<OneBoxAgent | null> {
  try {
    const location = await db.first(db.qb.selectFrom('locations').select(['id', 'name']).where('id', '=', box.location_id).where('company_id', '=', box.company_id));
    if (!location) throw new Error(`the box's location ${box.location_id} (box.json) is not in the database`);
    const dir = dataDir(config.databaseUrl);
    const apiKey = await agentKey(db, box.company_id, location.id, join(dir, 'agent-key'));
    const { parseAgentConfig } = await import('@studio/agent/config');
    const { launchAgent } = await import('@studio/agent/launch');
    const agentConfig = parseAgentConfig({
      version: 1,
      // The server is this process, at one of this machine's own addresses: nothing crosses the network.
      server: { url: apiBaseUrl(config), api_key: apiKey, tls_fingerprint: tlsFingerprint, allow_insecure_http: true },
      location_id: location.id,
      device_id: oneBoxDeviceId,
      store: { path: join(dir, 'agent.db') },
      local_api: { port: settings.localApiPort },
      kiosk: { enabled: true, renderer_dir: settings.rendererDir },
      log_level: config.logLevel,
    });
    const agent = await launchAgent(agentConfig, { simulate: true, logger: log.child({ component: 'agent' }) });
    const listening = agent.localApi?.address();
    const address = listening ? `http://${listening.address}:${listening.port}` : 'off';
    return { location: location.name, localApi: address, kiosk: listening ? `${address}/kiosk/` : 'off', kioskBuilt: rendererBuilt(settings.rendererDir), demo: box.demo, stop: () => agent.stop() };
  } catch (error) {
    log.error({ err: error }, 'the simulated turnstile agent did not start; the API server runs without it');
    return null;
  }
}
