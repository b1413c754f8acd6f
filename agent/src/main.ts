import { Command } from 'commander';
import { ConfigError, loadAgentConfigFile, type ConfigWarning } from './config/load.js';
import { launchAgent } from './launch.js';
import { createAgentLogger } from './runtime/logger.js';
import { startSystemdNotify } from './runtime/systemd-notify.js';

const program = new Command('studio-agent')
  .description('The device agent at a turnstile or front desk: reads cards, decides, opens the relay, keeps working offline.')
  .option('-c, --config <file>', 'the agent config file (JSON, version 1)', '/etc/studio-agent/config.json')
  .option('--simulate', 'use a stdin reader and log relays instead of the configured devices')
  .addHelpText('after', '\nAlso: studio-agent backup FILE [--config file] [--force], a copy of the store while the agent runs.')
  .showHelpAfterError()
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2));

program.parse(process.argv);
const options = program.opts<{ config: string; simulate?: boolean }>();

let config;
const configWarnings: ConfigWarning[] = [];
try {
  config = loadAgentConfigFile(options.config, process.env, (warning) => configWarnings.push(warning));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`studio-agent: ${options.config}: invalid config\n${error.problems.map((p) => `  ${p}\n`).join('')}`);
  process.exit(1);
}

let logger;
try {
  logger = createAgentLogger(config.log_level);
} catch (error) {
  process.stderr.write(`studio-agent: invalid environment: ${(error as Error).message}\n`);
  process.exit(1);
}
for (const { message, ...where } of configWarnings) logger.warn(where, message);
// A stray rejection in a driver or a listener is logged, not fatal: the door must keep working.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

const agent = await launchAgent(config, { simulate: options.simulate === true, logger }).catch((error: unknown) => {
  logger.fatal({ err: error }, 'agent failed to start');
  process.exit(1);
});
const stopNotify = startSystemdNotify(agent.alive, logger);

let exiting = false;
const shutdown = async (signal: string) => {
  if (exiting) return;
  exiting = true;
  logger.info({ signal }, 'stopping: relays off, database closed');
  // The relays go off without waiting for systemd to be told.
  const notified = stopNotify();
  await agent.stop();
  await notified;
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
