import type { Command } from 'commander';
import { importBusiness } from '../../modules/setup/importer.js';
import { readJsonFile } from '../support/json-file.js';
import { resolveOptionalRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description(
      "Import a whole business from a JSON file (docs/import-format.md), all or nothing; prints a summary. The file's content is remembered: the same content imported again into the same target is refused unless --again.",
    )
    .argument('<file>', 'the import file')
    .option('--company <company>', "add the entries to this existing company (its id, key prefix or name) instead of creating the file's company")
    .option('--again', 'import even though the same content was imported into the same target before')
    .action(
      action(async (path: string, options: { company?: string; again?: boolean }) => {
        const file = await readJsonFile(path);
        const summary = await withDatabase(async (db) => {
          const companyId = await resolveOptionalRef(db, 'company', options.company);
          return importBusiness(db, file, { ...(companyId !== undefined && { companyId }), ...(options.again === true && { again: true }) });
        });
        printJson(summary);
      }),
    );
}
