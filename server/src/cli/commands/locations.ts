import type { Command } from 'commander';
import { locationSettings, replaceLocationSettings } from '../../modules/locations/repository.js';
import { LocationSettings } from '../../modules/locations/settings.js';
import { readCheckedJsonFile } from '../support/json-file.js';
import { actorOf } from '../support/owner.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerLocationCommands(program: Command): void {
  const locations = program.command('locations').description('Locations: the sites of a business and the rules each runs by.');
  locations
    .command('settings')
    .description("Print a location's settings, defaults filled in; with --file, replace them (import-format.md lists them).")
    .argument('<id>', 'the location')
    .option('--file <settings.json>', 'the new settings: a file like the printed ones; a field left out takes its default')
    .action(
      action(async (id: string, options: { file?: string }) => {
        const replacement = options.file === undefined ? undefined : await readCheckedJsonFile(options.file, LocationSettings, 'settings');
        const settings = await withDatabase(async (db) => {
          const actor = await actorOf(db, 'locations', id);
          return replacement ? replaceLocationSettings(db, actor, id, replacement) : locationSettings(db, actor, id);
        });
        printJson(settings);
      }),
    );
}
