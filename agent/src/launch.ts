import type { Logger } from 'pino';
import { createAgent, type Agent } from './agent.js';
import type { AgentConfig } from './config/schema.js';
import { DevicesConfig } from './devices/config.js';
import { createDevices } from './devices/factory/factory.js';

/**
 * Simulation: the configured hardware is replaced by a `stdin` reader (type an identifier, press
 * Enter) and `log` relays (a pulse is a log line), keeping the lane ids, so a box or a laptop
 * without hardware runs the same gate. stdin is one stream, so one reader gets it: the first
 * lane's, or the kiosk's on a box with a kiosk reader and no lane; the kiosk then has no reader
 * when a lane took stdin.
 */
export function withSimulatedDevices(config: AgentConfig): AgentConfig {
  const kioskReader = config.kiosk.reader;
  if (kioskReader !== undefined && config.lanes.length === 0) {
    return { ...config, devices: DevicesConfig.parse({ readers: [{ id: kioskReader, driver: 'stdin' }], relays: [], sensors: [] }) };
  }
  const lanes = config.lanes.length > 0 ? config.lanes : [{ id: 'sim', reader: 'stdin', relay: 'log', kind: 'turnstile' as const, direction: 'in' as const }];
  const relayIds = [...new Set(lanes.map((lane) => lane.relay))];
  const devices = DevicesConfig.parse({
    readers: [{ id: lanes[0]!.reader, driver: 'stdin' }],
    relays: relayIds.map((id) => ({ id, driver: 'log' })),
    sensors: [],
  });
  return { ...config, devices, lanes: lanes.slice(0, 1), kiosk: { ...config.kiosk, reader: undefined } };
}

export interface LaunchOptions {
  simulate: boolean;
  logger: Logger;
  stdin?: NodeJS.ReadableStream;
}

/** Creates the devices (configured or simulated) and the agent, and starts it. */
export async function launchAgent(config: AgentConfig, options: LaunchOptions): Promise<Agent> {
  const effective = options.simulate ? withSimulatedDevices(config) : config;
  const devices = createDevices(effective.devices, { logger: options.logger.child({ module: 'devices' }), stdin: options.stdin ?? process.stdin });
  const agent = createAgent(effective, { logger: options.logger, devices });
  try {
    await agent.start();
  } catch (error) {
    await agent.stop();
    throw error;
  }
  return agent;
}
