import type { Command } from 'commander';
import { createCompany } from '../../modules/companies/repository.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerCompanyCommands(program: Command): void {
  const companies = program.command('companies').description('Companies: the businesses this server holds.');
  companies
    .command('create')
    .description('Create a company; prints it as JSON.')
    .requiredOption('--name <name>', 'the business name')
    .option('--key-prefix <prefix>', 'start of its API keys: 2-20 lower-case letters and digits', 'studio')
    .action(
      action(async (options: { name: string; keyPrefix: string }) => {
        const company = await withDatabase((db) => createCompany(db, { name: options.name, key_prefix: options.keyPrefix }));
        printJson(company);
      }),
    );
}
