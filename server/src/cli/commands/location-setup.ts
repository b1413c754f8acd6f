import type { Command } from 'commander';
import { systemActor } from '../../domain/actor.js';
import { createLocation, updateLocation } from '../../modules/setup/locations-admin.js';
import { LocationCreate, LocationUpdate } from '../../modules/setup/setup-inputs.js';
import { chosenCompany, companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { checkedInput } from '../support/setup-options.js';

interface DetailOptions {
  name?: string;
  slug?: string;
  timezone?: string;
  country?: string;
  currency?: string;
  address?: string;
  company?: string;
}

const optionOf: Record<string, string> = { name: '--name', slug: '--slug', timezone: '--timezone', country: '--country', currency: '--currency', address: '--address' };
const details = ({ company: _company, ...options }: DetailOptions) => options;

/** `studio locations create|update`: a location's details, as Setup -> Locations changes them. */
export function registerLocationSetupCommands(locations: Command): void {
  locations
    .command('create')
    .description('Create a location with its IANA time zone and currency; its rules start at their defaults. Prints it with its settings.')
    .requiredOption('--name <name>', 'the location\'s name, e.g. "Main St"')
    .requiredOption('--slug <slug>', 'lower-case letters, digits and single hyphens, unique in the company')
    .requiredOption('--timezone <zone>', 'IANA time zone, e.g. Europe/Dublin')
    .requiredOption('--country <code>', 'ISO 3166 alpha-2, e.g. IE')
    .requiredOption('--currency <code>', 'ISO 4217, e.g. EUR')
    .option('--address <text>', 'the street address')
    .option('--company <company>', 'the company: its id, key prefix or name (default: the only one)')
    .action(
      action(async (options: DetailOptions) => {
        const input = checkedInput(LocationCreate, details(options), optionOf);
        printJson(await withDatabase(async (db) => createLocation(db, systemActor(await chosenCompany(db, options.company), 'studio CLI'), input)));
      }),
    );
  locations
    .command('update')
    .description("Change a location's name, slug, time zone, country, currency or address; prints it. Its rules: `locations settings --file`.")
    .argument('<location>', 'the location: its id, slug or name')
    .option('--name <name>', 'the new name')
    .option('--slug <slug>', 'the new slug')
    .option('--timezone <zone>', 'the new IANA time zone')
    .option('--country <code>', 'the new country')
    .option('--currency <code>', 'the new currency')
    .option('--address <text>', 'the new address')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (location: string, options: DetailOptions) => {
        const update = checkedInput(LocationUpdate, details(options), optionOf);
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'location', location, await companyScope(db, options.company));
            return updateLocation(db, await actorOf(db, 'locations', id), id, update);
          }),
        );
      }),
    );
}
