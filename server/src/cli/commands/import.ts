import type { Command } from 'commander';
import { ImportError } from '../../modules/setup/import-problems.js';
import { dryRunInWorker, importInWorker } from '../../modules/setup/import-job.js';
import { printImportProgress } from '../support/import-progress.js';
import { readJsonFile } from '../support/json-file.js';
import { resolveOptionalRef } from '../support/references.js';
import { action, CliError, printJson, withDatabase } from '../support/run.js';

export function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description(
      "Import a whole business from a JSON file (docs/import-format.md), all or nothing; prints a summary. The file's content is remembered: the same content imported again into the same target is refused unless --again. --dry-run checks everything and writes nothing. Progress goes to stderr; a file may create at most 50,000 classes.",
    )
    .argument('<file>', 'the import file')
    .option('--company <company>', "add the entries to this existing company (its id, key prefix or name) instead of creating the file's company")
    .option('--again', 'import even though the same content was imported into the same target before')
    .option('--dry-run', 'check the file as the import would, list every problem and what would be created, write nothing')
    .action(
      action(async (path: string, options: { company?: string; again?: boolean; dryRun?: boolean }) => {
        const file = await readJsonFile(path);
        await withDatabase(async (db) => {
          const companyId = await resolveOptionalRef(db, 'company', options.company);
          const importOptions = { ...(companyId !== undefined && { companyId }), ...(options.again === true && { again: true }), onProgress: printImportProgress() };
          if (!options.dryRun) {
            printJson(await importInWorker(db, file, importOptions));
            return;
          }
          const report = await dryRunInWorker(db, file, importOptions);
          printJson(report);
          // The report is on stdout for scripts; the refusal as every command words one, for people.
          if (!report.ok) throw new CliError(new ImportError(report.problems).message.replace('import refused, nothing was written', 'dry run: the import would be refused'));
        });
      }),
    );
}
