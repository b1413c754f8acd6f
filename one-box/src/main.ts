import { action, commandWord, serverCommandsFor, studioProgram } from '@studio/server/cli';
import { loadConfig } from '@studio/server/src/config.js';
import type { Command } from 'commander';
import { acceptDataOption, dataOptionHelp, useDataDir } from './data-option.js';

/*
 * `studio`: every command of the API server (`studio-server`), and the one-box's own: `setup` and
 * `start`. They live here, not in the server, so that an API-only install never loads the agent,
 * its device drivers or the kiosk. Like the server's, each is loaded only when it runs.
 */
const oneBoxCommands: Record<string, (program: Command) => Promise<void>> = {
  start: async (program) => {
    program
      .command('start')
      .description(
        'Run the one-box product: the API server, the front door (a simulated turnstile), the front desk reader for enrolling cards and the kiosk. An empty data folder gets the demo business unless --no-demo.',
      )
      .option('--data <dir>', dataOptionHelp)
      .option('--no-demo', 'never load the demo business (STUDIO_DEMO=off): an empty data folder asks for `studio setup`')
      .option('--desk-reader <path>', 'a real front desk reader instead of the simulated one: a USB reader that types (/dev/hidrawN) or a serial one (/dev/ttyUSB0, /dev/serial/by-id/…)')
      .action(
        action(async (options: { data?: string; demo: boolean; deskReader?: string }) => {
          useDataDir(options.data);
          const { startOneBox } = await import('./one-box.js');
          await startOneBox(loadConfig(), options.demo && process.env.STUDIO_DEMO !== 'off', options.deskReader ?? null);
        }),
      );
  },
  setup: async (program) => (await import('./setup-command.js')).registerSetupCommand(program),
};

// One command named: that one alone; anything else (help, a typo): all, for the full list.
const word = commandWord(process.argv);
const ownNamed = word !== undefined && word in oneBoxCommands;
const serverNames = ownNamed ? [] : serverCommandsFor(process.argv);
const ownNames = ownNamed ? [word] : serverNames.length === 1 ? [] : Object.keys(oneBoxCommands);
const program = await studioProgram(
  'studio',
  'Check-in appliance: API server, business setup and the one-box product. Every command honours DATABASE_URL, or --data DIR for DIR/studio.db.',
  serverNames,
);
acceptDataOption(program);
for (const name of ownNames) await oneBoxCommands[name]!(program);
await program.parseAsync(process.argv);
