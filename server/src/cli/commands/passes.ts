import type { Command } from 'commander';
import { rotatePassKeys } from '../../modules/passes/pass-keys.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerPassCommands(program: Command): void {
  const passes = program.command('passes').description("Members' phone passes (docs/phone-pass.md): the key each location's passes are made with.");
  passes
    .command('rotate')
    .description("Start a new pass key at a location: every member's pass, and any screenshot of one, stops opening its doors a minute later; agents get the key at their next sync.")
    .requiredOption('--location <location>', 'the location: its id, slug or name')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (options: { location: string; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'location', options.location, await companyScope(db, options.company));
            return rotatePassKeys(db, await actorOf(db, 'locations', id), id);
          }),
        );
      }),
    );
}
