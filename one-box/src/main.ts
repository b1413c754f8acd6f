import { action, studioProgram } from '@studio/server/cli';
import { loadConfig } from '@studio/server/src/config.js';
import { startOneBox } from './one-box.js';

/*
 * `studio`: every command of the API server (`studio-server`), and `start`, the one-box product.
 * `start` lives here, not in the server, so that an API-only install never loads the agent, its
 * device drivers or the kiosk.
 */
const program = await studioProgram('studio', 'Check-in appliance: API server, business setup and the one-box product. Every command honours DATABASE_URL.');
program
  .command('start')
  .description('Run the one-box product: the API server on SQLite, with demo data on first start; prints a working key.')
  .action(
    action(async () => {
      await startOneBox(loadConfig());
    }),
  );
await program.parseAsync(process.argv);
