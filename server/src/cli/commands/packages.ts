import type { Command } from 'commander';
import { sellPackage } from '../../modules/memberships/sell.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { contactActor, saleTerms, withSaleOptions, type SaleOptions } from './membership-sales.js';

/** `studio packages sell`: a class pack or other package, after the import as at the desk. */
export function registerPackageCommands(program: Command): void {
  const packages = program.command('packages').description('Packages: class packs and other prepaid sessions contacts hold.');
  withSaleOptions(
    packages.command('sell').description("Sell a package to a contact: an active package with the template's sessions as credits, from --starts-on; prints it as the contact now holds it."),
  )
    .requiredOption('--package <package>', "the package template: its id or name (in the contact's company)")
    .action(
      action(async (options: SaleOptions & { package: string }) => {
        const terms = saleTerms(options);
        printJson(
          await withDatabase(async (db) => {
            const { contactId, actor } = await contactActor(db, options);
            const templateId = await resolveRef(db, 'package', options.package, { companyId: actor.companyId });
            return sellPackage(db, actor, contactId, { package_template_id: templateId, ...terms });
          }),
        );
      }),
    );
}
