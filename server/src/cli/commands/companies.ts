import type { Command } from 'commander';
import { deleteEmptyCompany } from '../../modules/companies/deletion.js';
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
  companies
    .command('delete')
    .description(
      'Delete a company made by mistake: refused, with what still references it, while it has any location, staff, staff account, service, contact, membership, class or other business record; its API keys, import records and staff sign-in records (setup links, attempts, audit log) are deleted with it. Prints what was deleted.',
    )
    .argument('<id>', 'the company')
    .option('--confirm <name>', "the company's name, exactly: the deletion's confirmation")
    .action(
      action(async (id: string, options: { confirm?: string }) => {
        printJson(await withDatabase((db) => deleteEmptyCompany(db, id, options.confirm)));
      }),
    );
}
