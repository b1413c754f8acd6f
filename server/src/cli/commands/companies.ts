import type { Command } from 'commander';
import type { Db } from '../../db/types.js';
import { companyReferences, deleteEmptyCompany } from '../../modules/companies/deletion.js';
import { createCompany } from '../../modules/companies/repository.js';
import { foldForSearch } from '../../modules/contacts/phone.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';

/**
 * Every company by name, with the slugs of its locations: what `import` printed, found again. A
 * test-mode twin is no business of its own: it shows as `test_mode` beside its live company.
 */
async function companyLines(db: Db) {
  const companies = await db.all(db.qb.selectFrom('companies').select(['id', 'name', 'key_prefix', 'created_at', 'live_company_id']).orderBy('name').orderBy('id'));
  const locations = await db.all(db.qb.selectFrom('locations').select(['company_id', 'slug']).orderBy('slug'));
  const lines = [];
  for (const { live_company_id, ...company } of companies) {
    if (live_company_id !== null) continue;
    const twin = companies.find((candidate) => candidate.live_company_id === company.id);
    const testMode = twin && ((await companyReferences(db, db, twin.id)).length ? 'has data' : 'empty');
    lines.push({ ...company, locations: locations.filter((location) => location.company_id === company.id).map((location) => location.slug), ...(testMode && { test_mode: testMode }) });
  }
  return lines;
}

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
    .command('list')
    .description("List every company, by name: id, name, key prefix and when it was made, with its locations' slugs.")
    .action(
      action(async () => {
        printJson(await withDatabase((db) => companyLines(db)));
      }),
    );
  companies
    .command('find')
    .description('Find companies whose name holds TEXT (case and accents ignored) or whose key prefix is TEXT.')
    .argument('<text>', 'part of the name, or the key prefix')
    .action(
      action(async (text: string) => {
        const needle = foldForSearch(text.trim());
        printJson((await withDatabase((db) => companyLines(db))).filter((company) => foldForSearch(company.name).includes(needle) || company.key_prefix === needle));
      }),
    );
  companies
    .command('delete')
    .description(
      'Delete a company made by mistake: refused, with what still references it, while it has any location, staff, staff account, service, contact, membership, class or other business record; its API keys, import records and staff sign-in records (setup links, attempts, audit log) are deleted with it, and its test mode when that holds no business record either (refused otherwise). Prints what was deleted.',
    )
    .argument('<company>', 'the company: its id, key prefix or name')
    .option('--confirm <name>', "the company's name, exactly: the deletion's confirmation")
    .action(
      action(async (id: string, options: { confirm?: string }) => {
        printJson(await withDatabase(async (db) => deleteEmptyCompany(db, await resolveRef(db, 'company', id), options.confirm)));
      }),
    );
}
