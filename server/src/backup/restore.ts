import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { utcStamp } from './backup-names.js';
import { BackupRefused } from './database-target.js';
import { checkpointUnused } from './checkpoint-unused.js';
import { checkStudioDatabase, type SchemaState } from './studio-database-check.js';
import { sqliteSidecars, syncFile } from '@studio/shared/sqlite-backup';

export interface RestoreOutcome {
  restored: string;
  from: string;
  /** The database that was there, kept to undo the restore; null when there was none. */
  kept: string | null;
  migrations: SchemaState;
}

/**
 * Puts the backup `backupFile` in place of the SQLite database `target`. Nothing is changed until
 * the backup has passed every check and no process has the database open; the database it replaces
 * is kept beside it as `<name>.before-restore-<UTC time>`, so a restore can be undone by the same
 * command.
 */
export function restoreSqlite(backupFile: string, target: string, now: Date): RestoreOutcome {
  const from = resolve(backupFile);
  if (!existsSync(from) || !statSync(from).isFile()) throw new BackupRefused(`cannot read ${backupFile}: no such file`);
  if (from === resolve(target)) throw new BackupRefused(`${backupFile} is the database itself`);
  // A WAL beside the file holds writes the file does not: the file alone is not the database.
  if (existsSync(`${from}-wal`) && statSync(`${from}-wal`).size > 0) {
    throw new BackupRefused(`${backupFile} has a WAL file beside it (${backupFile}-wal): it is a live database or a copy of one; make a backup of it with studio backup`);
  }
  const folder = dirname(target);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });

  // Checked as a copy in the database's own folder: the backup itself is never opened read-write,
  // and the copy that passed the checks is the one renamed into place.
  const staged = join(folder, `.${basename(target)}.${randomBytes(6).toString('hex')}.restoring`);
  try {
    copyFileSync(from, staged);
    chmodSync(staged, 0o600);
    const migrations = checkStudioDatabase(staged, backupFile);
    for (const suffix of sqliteSidecars) rmSync(staged + suffix, { force: true });
    syncFile(staged, 'r+');

    let kept: string | null = null;
    if (existsSync(target)) {
      checkpointUnused(target);
      kept = `${target}.before-restore-${utcStamp(now)}`;
      if (existsSync(kept)) throw new BackupRefused(`${kept} already exists; wait a second and restore again`);
      renameSync(target, kept);
      // After the checkpoint the file is the whole database; what is left beside it belongs with it.
      for (const suffix of sqliteSidecars) if (existsSync(target + suffix)) renameSync(target + suffix, kept + suffix);
    }
    renameSync(staged, target);
    syncFile(folder, 'r');
    return { restored: resolve(target), from, kept: kept && resolve(kept), migrations };
  } finally {
    for (const suffix of ['', ...sqliteSidecars]) rmSync(staged + suffix, { force: true });
  }
}
