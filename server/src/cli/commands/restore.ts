import type { Command } from 'commander';
import { sqliteFileOf } from '../../backup/database-target.js';
import { restoreSqlite } from '../../backup/restore.js';
import { loadConfig } from '../../config.js';
import { action, printJson } from '../support/run.js';

export function registerRestoreCommand(program: Command): void {
  program
    .command('restore')
    .description('Put a backup in place of the SQLite database of DATABASE_URL, with every studio process stopped; the database it replaces is kept beside it.')
    .argument('<file>', 'a backup written by studio backup or a scheduled backup')
    .action(
      action(async (file: string) => {
        const outcome = restoreSqlite(file, sqliteFileOf(loadConfig().databaseUrl, 'restore', file), new Date());
        const undo = outcome.kept ? `studio restore ${outcome.kept}` : null;
        printJson({ ...outcome, undo });
        const pending = outcome.migrations.pending.length;
        process.stderr.write(
          `studio: restored ${outcome.from} into ${outcome.restored}` +
            (outcome.kept ? `; the database it replaced is kept as ${outcome.kept}` : '') +
            (pending > 0 ? `; ${pending} migration(s) will run when the server next starts` : '') +
            '\n',
        );
      }),
    );
}
