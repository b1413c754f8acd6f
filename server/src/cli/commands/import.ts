import type { Command } from 'commander';
import { importBusiness } from '../../modules/setup/importer.js';
import { readJsonFile } from '../support/json-file.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description(
      "Import a whole business from a JSON file (docs/import-format.md), all or nothing; prints a summary. The file's content is remembered: the same content imported again into the same target is refused unless --again.",
    )
    .argument('<file>', 'the import file')
    .option('--company <id>', "add the entries to this existing company instead of creating the file's company")
    .option('--again', 'import even though the same content was imported into the same target before')
    .action(
      action(async (path: string, options: { company?: string; again?: boolean }) => {
        const file = await readJsonFile(path);
        const summary = await withDatabase((db) => importBusiness(db, file, { ...(options.company !== undefined && { companyId: options.company }), ...(options.again === true && { again: true }) }));
        printJson(summary);
      }),
    );
}
