import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtRendererDir } from '@studio/kiosk-ui/renderer-location';
import { apiBaseUrl, dataDir, type Config } from '@studio/server/src/config.js';
import type { Db } from '@studio/server/src/db/types.js';
import type { DevicesConfig } from '@studio/agent/src/devices/config.js';
import type { Logger } from 'pino';
import type { BoxSettings } from './box-settings.js';
import { deskReaderConfig, frontDoorDevices, splitTerminal, type TerminalInputs } from './box-devices.js';
import { boxDeviceKey, frontDeskReader, frontDoor, frontDeskReaderKey, frontDoorKey, retireFormerFrontDoor } from './one-box-keys.js';

/**
 * `STUDIO_AGENT=off` runs the one-box without its front door, desk reader and kiosk;
 * `STUDIO_AGENT_PORT` moves its local API; `STUDIO_KIOSK_DIR` serves a kiosk renderer built
 * elsewhere (default: kiosk-ui's build); `deskReader` is `studio start --desk-reader PATH`.
 */
export interface OneBoxAgentSettings {
  enabled: boolean;
  localApiPort: number;
  rendererDir: string;
  /** A real front desk reader's device path; null: the simulated one. */
  deskReader: string | null;
}

export function oneBoxAgentSettings(env: NodeJS.ProcessEnv = process.env, deskReader: string | null = null): OneBoxAgentSettings {
  const port = Number(env.STUDIO_AGENT_PORT ?? 8787);
  return {
    enabled: env.STUDIO_AGENT !== 'off',
    localApiPort: Number.isInteger(port) && port >= 0 && port <= 65_535 ? port : 8787,
    rendererDir: env.STUDIO_KIOSK_DIR ? resolve(env.STUDIO_KIOSK_DIR) : builtRendererDir,
    deskReader,
  };
}

/** The renderer is built, not bundled at run time: without the build the kiosk page says what to run. */
export function rendererBuilt(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
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
  /** The real front desk reader's path; null: the simulated one, "scanned" by typing `desk <number>`. */
  deskReader: string | null;
  stop(): Promise<void>;
}

/**
 * The one-box's front door, front desk reader and kiosk: the device agent in this process, at the
 * box's location (box.json), serving the built kiosk renderer. The front door is a simulated
 * turnstile (a card number typed on the terminal is a scan, a relay pulse a log line); the front
 * desk reader a simulated one on the same terminal (`desk <number>`) or the real one given, its reads
 * offered by the web app's Enrol card. Loaded only here, so the other `studio` commands never load
 * the agent. A failure to start it is logged and the server keeps running: the API is the product,
 * the simulated gate a demo of it. Over HTTPS it pins the server's own certificate (`tlsFingerprint`).
 */
export async function startOneBoxAgent(db: Db, config: Config, box: BoxSettings, log: Logger, settings: OneBoxAgentSettings, tlsFingerprint?: string): Promise<OneBoxAgent | null> {
  let terminal: TerminalInputs | null = null;
  try {
    const location = await db.first(db.qb.selectFrom('locations').select(['id', 'name']).where('id', '=', box.location_id).where('company_id', '=', box.company_id));
    if (!location) throw new Error(`the box's location ${box.location_id} (box.json) is not in the database`);
    const dir = dataDir(config.databaseUrl);
    await retireFormerFrontDoor(db, box.company_id);
    const apiKey = await boxDeviceKey(db, box.company_id, location.id, frontDoorKey(join(dir, 'agent-key')));
    const deskKey = await boxDeviceKey(db, box.company_id, location.id, frontDeskReaderKey(join(dir, 'desk-reader-key')));
    const { parseAgentConfig } = await import('@studio/agent/config');
    const { createDevices } = await import('@studio/agent/src/devices/factory/factory.js');
    const { createAgent } = await import('@studio/agent/src/agent.js');
    const agentConfig = parseAgentConfig({
      version: 1,
      // The server is this process, at one of this machine's own addresses: nothing crosses the network.
      server: { url: apiBaseUrl(config), api_key: apiKey, tls_fingerprint: tlsFingerprint, allow_insecure_http: true },
      location_id: location.id,
      device_id: frontDoor,
      devices: { readers: [frontDoorDevices.reader, deskReaderConfig(settings.deskReader)], relays: [frontDoorDevices.relay], sensors: [] },
      lanes: [frontDoorDevices.lane],
      desk: { readers: [frontDeskReader], api_key: deskKey },
      store: { path: join(dir, 'agent.db') },
      local_api: { port: settings.localApiPort },
      kiosk: { enabled: true, renderer_dir: settings.rendererDir },
      log_level: config.logLevel,
    });
    const logger = log.child({ component: 'agent' });
    terminal = splitTerminal(process.stdin, settings.deskReader === null);
    // stdin is one stream: the front door's reader and the simulated desk reader each get their own lines of it.
    const { door: doorConfig, desk: deskConfig } = splitReaders(agentConfig.devices);
    const door = createDevices(doorConfig, { logger: logger.child({ module: 'devices' }), stdin: terminal.door });
    const desk = createDevices(deskConfig, { logger: logger.child({ module: 'devices' }), ...(terminal.desk && { stdin: terminal.desk }) });
    const agent = createAgent(agentConfig, { logger, devices: { readers: [...door.readers, ...desk.readers], relays: door.relays, sensors: [] } });
    const letGo = terminal;
    const stop = async () => {
      letGo.close();
      await agent.stop();
    };
    try {
      await agent.start();
    } catch (error) {
      await stop();
      throw error;
    }
    const listening = agent.localApi?.address();
    const address = listening ? `http://${listening.address}:${listening.port}` : 'off';
    return {
      location: location.name,
      localApi: address,
      kiosk: listening ? `${address}/kiosk/` : 'off',
      kioskBuilt: rendererBuilt(settings.rendererDir),
      demo: box.demo,
      deskReader: settings.deskReader,
      stop,
    };
  } catch (error) {
    terminal?.close();
    log.error({ err: error }, 'the front door and desk reader agent did not start; the API server runs without it');
    return null;
  }
}

/** The devices config in two: the front door's (reader and relay) and the front desk reader alone. */
function splitReaders(devices: DevicesConfig): { door: DevicesConfig; desk: DevicesConfig } {
  return {
    door: { ...devices, readers: devices.readers.filter((reader) => reader.id !== frontDeskReader) },
    desk: { readers: devices.readers.filter((reader) => reader.id === frontDeskReader), relays: [], sensors: [] },
  };
}
