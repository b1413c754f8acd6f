import type { Command } from 'commander';
import { systemActor } from '../../domain/actor.js';
import { listLocations } from '../../modules/catalog/service.js';
import { locationSettings, replaceLocationSettings } from '../../modules/locations/repository.js';
import { LocationSettings } from '../../modules/locations/settings.js';
import { readCheckedJsonFile } from '../support/json-file.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { registerLocationSetupCommands } from './location-setup.js';

export function registerLocationCommands(program: Command): void {
  const locations = program.command('locations').description('Locations: the sites of a business and the rules each runs by.');
  registerLocationSetupCommands(locations);
  locations
    .command('list')
    .description('List the locations of a company (or of every company), by name: id, name, slug, time zone and address.')
    .option('--company <company>', 'only this company: its id, key prefix or name (default: every company)')
    .action(
      action(async (options: { company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const scope = await companyScope(db, options.company);
            const companies =
              scope.companyId !== undefined
                ? [scope.companyId]
                : (await db.all(db.qb.selectFrom('companies').select('id').where('live_company_id', 'is', null).orderBy('name').orderBy('id'))).map((row) => row.id);
            const lists = await Promise.all(
              companies.map(async (companyId) => (await listLocations(db, systemActor(companyId, 'studio CLI'))).map((location) => ({ ...location, company_id: companyId }))),
            );
            return lists.flat();
          }),
        );
      }),
    );
  locations
    .command('settings')
    .description("Print a location's settings, defaults filled in; with --file, replace them (import-format.md lists them).")
    .argument('<location>', 'the location: its id, slug or name')
    .option('--file <settings.json>', 'the new settings: a file like the printed ones; a field left out takes its default')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (location: string, options: { file?: string; company?: string }) => {
        const replacement = options.file === undefined ? undefined : await readCheckedJsonFile(options.file, LocationSettings, 'settings');
        const settings = await withDatabase(async (db) => {
          const id = await resolveRef(db, 'location', location, await companyScope(db, options.company));
          const actor = await actorOf(db, 'locations', id);
          return replacement ? replaceLocationSettings(db, actor, id, replacement) : locationSettings(db, actor, id);
        });
        printJson(settings);
      }),
    );
}
