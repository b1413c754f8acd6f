import type { Command } from 'commander';
import { progressLine } from '@studio/shared/sqlite-backup';
import { sqliteFileOf } from '../../backup/database-target.js';
import { backupDatabaseFile } from '../../backup/sqlite-source.js';
import { loadConfig } from '../../config.js';
import { action, printJson } from '../support/run.js';

/** `studio backup` (docs/backups.md); `studio restore` is its own command (restore.ts). */
export function registerBackupCommand(program: Command): void {
  program
    .command('backup')
    .description("Copy the SQLite database of DATABASE_URL to FILE while the server keeps running (SQLite's online backup).")
    .argument('<file>', 'where to write the backup (written beside it first, renamed when complete, mode 600)')
    .option('--force', 'replace FILE if it exists')
    .action(
      action(async (file: string, options: { force?: boolean }) => {
        const database = sqliteFileOf(loadConfig().databaseUrl, 'backup', file);
        // Pages copied, on a terminal only: it goes to stderr, so stdout stays the JSON answer.
        const progress = progressLine(process.stderr, 'studio: backup');
        // Large steps: this process does nothing else, and the server only waits for its own writes.
        const result = await backupDatabaseFile(database, file, { force: options.force === true, pagesPerStep: 1000, onProgress: progress.update }).finally(progress.end);
        printJson({ database, backup: result.file, pages: result.pages, bytes: result.bytes });
      }),
    );
}
