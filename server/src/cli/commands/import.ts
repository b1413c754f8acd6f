import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { importBusiness } from '../../modules/setup/importer.js';
import { CliError, action, printJson, withDatabase } from '../run.js';

/** The file's JSON, or a one-line reason it cannot be had. */
async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

export function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description('Import a whole business from a JSON file (docs/import-format.md), all or nothing; prints a summary.')
    .argument('<file>', 'the import file')
    .option('--company <id>', 'add the entries to this existing company instead of creating the file\'s company')
    .action(action(async (path: string, options: { company?: string }) => {
      const file = await readJsonFile(path);
      const summary = await withDatabase((db) => importBusiness(db, file, options.company === undefined ? {} : { companyId: options.company }));
      printJson(summary);
    }));
}
