import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { backupSqlite, type BackupOptions, type BackupResult } from '@studio/shared/sqlite-backup';
import { BackupRefused } from './database-target.js';

/**
 * Backs up the SQLite database `file` to `destination` through a connection of the backup's own,
 * beside the server's (in this process or another): it reads one snapshot while the server writes.
 */
export async function backupDatabaseFile(file: string, destination: string, options: BackupOptions = {}): Promise<BackupResult> {
  // Opening a missing path would create an empty database and back that up.
  if (!existsSync(file)) throw new BackupRefused(`there is no database at ${file}`);
  // Read-write, though it writes nothing to the database: the copy is attached to it once (see the shared routine).
  const source = new BetterSqlite3(file, { fileMustExist: true, timeout: 5000 });
  try {
    return await backupSqlite(source, destination, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw new BackupRefused(`${file} is not a SQLite database`);
    throw error;
  } finally {
    source.close();
  }
}
