import type { Command } from 'commander';
import { PackageCreate } from '../../modules/setup/setup-inputs.js';
import { createPackageTemplate, listSetupPackages } from '../../modules/setup/packages-admin.js';
import { companyOptionHelp } from '../support/company-option.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { checkedInput, collect, refsIn, setupScope, wholeNumber } from '../support/setup-options.js';

/** `studio packages create|list`: package templates, as Setup -> Packages (selling one is `packages sell`). */
export function registerPackageTemplateCommands(packages: Command): void {
  packages
    .command('create')
    .description('Create a package template: so many sessions for a price, sold at a location; prints it.')
    .requiredOption('--location <location>', 'the location selling it: id, slug or name')
    .requiredOption('--name <name>', 'its name, e.g. "Ten Classes"')
    .requiredOption('--price-cents <cents>', 'its price in minor units (cents)', wholeNumber('--price-cents'))
    .requiredOption('--sessions <count>', 'how many sessions it holds', wholeNumber('--sessions'))
    .option('--covers <service>', 'a service it covers: id or name; repeat for several (default: every service)', collect)
    .option('--door-consumes <what>', 'what a door check-in outside a class uses: visit or nothing')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (options: { location: string; name: string; priceCents: number; sessions: number; covers?: string[]; doorConsumes?: string; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const { actor, locationId } = await setupScope(db, options.location, options.company);
            const input = checkedInput(
              PackageCreate,
              {
                location_id: locationId,
                name: options.name,
                price_cents: options.priceCents,
                total_sessions: options.sessions,
                covered_service_ids: await refsIn(db, actor, 'service', options.covers),
                door_checkin_consumes: options.doorConsumes,
              },
              { name: '--name', price_cents: '--price-cents', total_sessions: '--sessions', covered_service_ids: '--covers', door_checkin_consumes: '--door-consumes' },
            );
            return createPackageTemplate(db, actor, input);
          }),
        );
      }),
    );
  packages
    .command('list')
    .description("List package templates by name: a location's, or the company's.")
    .option('--location <location>', 'only this location: its id, slug or name')
    .option('--company <company>', 'the company: its id, key prefix or name (default: the only one)')
    .action(
      action(async (options: { location?: string; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const { actor, locationId } = await setupScope(db, options.location, options.company);
            return listSetupPackages(db, actor, locationId);
          }),
        );
      }),
    );
}
