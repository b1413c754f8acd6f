import type { Logger } from 'pino';
import { createAgent, type Agent } from './agent.js';
import type { AgentConfig } from './config/schema.js';
import { DevicesConfig } from './devices/config.js';
import { createDevices } from './devices/factory.js';

/**
 * Simulation: the configured hardware is replaced by a `stdin` reader (type an identifier, press
 * Enter) and `log` relays (a pulse is a log line), keeping the lane ids, so a box or a laptop
 * without hardware runs the same gate. Only the first lane gets the reader: stdin is one stream.
 */
export function withSimulatedDevices(config: AgentConfig): AgentConfig {
  const lanes = config.lanes.length > 0 ? config.lanes : [{ id: 'sim', reader: 'stdin', relay: 'log', kind: 'turnstile' as const }];
  const relayIds = [...new Set(lanes.map((lane) => lane.relay))];
  const devices = DevicesConfig.parse({
    readers: [{ id: lanes[0]!.reader, driver: 'stdin' }],
    relays: relayIds.map((id) => ({ id, driver: 'log' })),
    sensors: [],
  });
  return { ...config, devices, lanes: lanes.slice(0, 1) };
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
