import type { Command } from 'commander';
import { loadConfig } from '../../config.js';
import { startServer } from '../../server.js';
import { action } from '../support/run.js';
import { startOneBox } from './one-box.js';

export function registerServeCommands(program: Command): void {
  program
    .command('serve')
    .description('Run the API server alone (PORT, HOST, DATABASE_URL, LOG_LEVEL).')
    .action(
      action(async () => {
        await startServer(loadConfig());
      }),
    );
  program
    .command('start')
    .description('Run the one-box product: the API server on SQLite, with demo data on first start; prints a working key.')
    .action(
      action(async () => {
        await startOneBox(loadConfig());
      }),
    );
}
