import { chmod, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { exportBusiness } from '../../modules/setup/export.js';
import { resolveRef } from '../support/references.js';
import { action, CliError, printJson, withDatabase } from '../support/run.js';

export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description(
      'Export a whole company as an import file (docs/import-format.md): `studio import` reads it back into an empty database. No API keys, staff accounts or passwords; visits, bookings and sales are not part of the format. Printed, or written to --out (readable by its owner only).',
    )
    .requiredOption('--company <company>', 'the company to export (its id, key prefix or name)')
    .option('--out <file>', 'write the file here instead of printing it; prints where, and how many entries')
    .action(
      action(async (options: { company: string; out?: string }) => {
        const file = await withDatabase(async (db) => exportBusiness(db, await resolveRef(db, 'company', options.company)));
        if (options.out === undefined) {
          printJson(file);
          return;
        }
        try {
          // Names, phones and card numbers: for its owner's eyes only.
          await writeFile(options.out, JSON.stringify(file, null, 2) + '\n', { mode: 0o600 });
          await chmod(options.out, 0o600);
        } catch (error) {
          throw new CliError(`cannot write ${options.out}: ${(error as Error).message}`);
        }
        const entries = Object.fromEntries(Object.entries(file).flatMap(([section, value]) => (Array.isArray(value) ? [[section, value.length]] : [])));
        printJson({ company_id: (file.company as { id: string }).id, out: options.out, entries });
      }),
    );
}
