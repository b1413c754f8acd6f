import BetterSqlite3 from 'better-sqlite3';
import { BackupRefused } from './database-target.js';

/**
 * Refuses when any other connection has the database open, and otherwise folds its WAL into the
 * file, so that the file alone is the whole database and can be moved aside.
 *
 * `BEGIN EXCLUSIVE` alone proves nothing in WAL mode: it takes only the write lock, which an idle
 * server does not hold between requests. What every WAL connection does hold, from its first read
 * until it closes, is a shared lock on the database file itself (it is how the last connection to
 * close knows it may checkpoint and delete the WAL). With `locking_mode = EXCLUSIVE` set before its
 * first read, a connection asks for an exclusive lock on the file instead, which it gets only when
 * no other connection, in any process, has the file open: an idle server, a `studio backup` under
 * way or a sqlite3 shell all make it fail with SQLITE_BUSY. A pid or lock file would not be better:
 * a crashed server leaves one behind, and a tool that is not `studio` never writes one.
 *
 * The lock is let go before the caller moves the files, not after: closing a WAL connection deletes
 * the WAL by its path name, which by then would be the restored database's. What is left is the
 * time of two renames, in which a server would have to start.
 */
export function checkpointUnused(file: string): void {
  const db = new BetterSqlite3(file, { fileMustExist: true, timeout: 250 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_BUSY') throw new BackupRefused(`${file} is open in another process (a running studio server?): stop it, then restore`);
    // A database too damaged to read serves no one: it is what a restore is for, and it is kept aside.
    if (code !== 'SQLITE_NOTADB' && code !== 'SQLITE_CORRUPT') throw error;
  } finally {
    // The only connection: closing it checkpoints again and deletes the WAL.
    db.close();
  }
}
