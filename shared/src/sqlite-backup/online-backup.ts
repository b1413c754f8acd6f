import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { sqliteSidecars, syncFile } from './files.js';

/** Pages copied so far out of the database's pages, for a progress line. */
export interface BackupProgress {
  pagesDone: number;
  totalPages: number;
}

/**
 * The part of a better-sqlite3 connection a backup uses. The connection is passed in, so this
 * package needs no native module; it must be a connection of the backup's own (the backup holds a
 * read transaction on it), opened read-write (the copy is attached to it once, see singleFile).
 */
export interface BackupSource {
  /** The database's path as it was opened. */
  readonly name: string;
  readonly inTransaction: boolean;
  exec(sql: string): unknown;
  prepare(sql: string): { get(...params: unknown[]): unknown; run(...params: unknown[]): unknown };
  backup(destination: string, options: { progress: (info: { totalPages: number; remainingPages: number }) => number }): Promise<{ totalPages: number; remainingPages: number }>;
}

export interface BackupOptions {
  /** Replace an existing file (otherwise refused). */
  force?: boolean;
  /** Pages copied per step: each step runs on the event loop, so a server keeps it small. */
  pagesPerStep?: number;
  onProgress?: (progress: BackupProgress) => void;
  /** Stops a backup between steps (a server shutting down); the partial copy is removed. */
  signal?: AbortSignal;
}

export interface BackupResult {
  file: string;
  pages: number;
  bytes: number;
}

/** A backup refused or failed for a reason the operator can act on. */
export class BackupError extends Error {
  override name = 'BackupError';
}

function removeWithSidecars(file: string): void {
  for (const suffix of ['', ...sqliteSidecars]) rmSync(file + suffix, { force: true });
}

/**
 * Copies the database behind `source` to `destination` with SQLite's online backup while other
 * connections and processes keep writing. Copying the file itself is unsafe in WAL mode: the
 * database is the file plus its WAL, and a checkpoint may rewrite pages mid-copy.
 *
 * The copy is written to a hidden file beside `destination`, created 0600 (it holds everything the
 * database holds), synced, and renamed into place only when complete: a crash or a full disk never
 * leaves a half backup under the real name.
 */
export async function backupSqlite(source: BackupSource, destination: string, options: BackupOptions = {}): Promise<BackupResult> {
  const file = resolve(destination);
  const folder = dirname(file);
  // Renamed over the live database or its WAL, even --force would destroy what it was to save.
  if (['', ...sqliteSidecars].some((suffix) => resolve(source.name) + suffix === file)) throw new BackupError(`${destination} is the database itself; back it up to another file`);
  if (existsSync(file) && !options.force) throw new BackupError(`${destination} already exists; use --force to replace it`);
  if (!existsSync(folder)) throw new BackupError(`folder ${folder} does not exist`);
  if (source.inTransaction) throw new BackupError('the source connection is inside a transaction: a backup needs a connection of its own');
  const partial = join(folder, `.${basename(file)}.${randomBytes(6).toString('hex')}.partial`);
  closeSync(openSync(partial, 'wx', 0o600));
  try {
    const pages = await copyOneSnapshot(source, partial, options);
    singleFile(source, partial);
    chmodSync(partial, 0o600);
    syncFile(partial, 'r+');
    renameSync(partial, file);
    syncFile(folder, 'r');
    return { file, pages, bytes: statSync(file).size };
  } catch (error) {
    removeWithSidecars(partial);
    throw error;
  }
}

/**
 * SQLite's backup restarts from the first page whenever another connection writes between two of
 * its steps, so under steady writes a large database might never finish. A read transaction held
 * on the source for the whole copy pins one snapshot (WAL readers do not block writers): the copy
 * is the database as of its start, every write committed before then included, and it ends.
 */
async function copyOneSnapshot(source: BackupSource, partial: string, options: BackupOptions): Promise<number> {
  const pagesPerStep = options.pagesPerStep ?? 100;
  source.exec('BEGIN');
  try {
    // A deferred transaction takes its snapshot at its first read.
    source.prepare('select count(*) from sqlite_schema').get();
    const done = await source.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        if (options.signal?.aborted) throw new BackupError('backup stopped before it was complete');
        options.onProgress?.({ pagesDone: totalPages - remainingPages, totalPages });
        return pagesPerStep;
      },
    });
    options.onProgress?.({ pagesDone: done.totalPages, totalPages: done.totalPages });
    return done.totalPages;
  } finally {
    if (source.inTransaction) source.exec('ROLLBACK');
  }
}

/**
 * A copy of a WAL database says WAL in its header, so opening it (even to read) makes -wal and
 * -shm files beside it. Switched to a rollback journal it is one self-contained file; whoever
 * opens it for real (the server after a restore) switches it back.
 */
function singleFile(source: BackupSource, partial: string): void {
  source.prepare("attach database ? as 'backup_copy'").run(partial);
  try {
    source.exec('pragma backup_copy.journal_mode = delete');
  } finally {
    source.exec('detach database backup_copy');
  }
  for (const suffix of sqliteSidecars) rmSync(partial + suffix, { force: true });
}
