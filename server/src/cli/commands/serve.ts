import type { Command } from 'commander';
import { loadConfig } from '../../config.js';
import { startServer } from '../../server.js';
import { action } from '../support/run.js';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the API server alone (PORT, HOST, DATABASE_URL, LOG_LEVEL, TLS: docs/https.md).')
    .action(
      action(async () => {
        await startServer(loadConfig());
      }),
    );
}
