import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** The files SQLite keeps beside a database in WAL mode: they hold the same rows. */
const companions = ['', '-wal', '-shm', '-journal'];

/**
 * The database holds every member's personal data, card numbers and both server secrets: only
 * the server's own user may read it. A missing folder is made 0700; the file is created 0600
 * before SQLite opens it, and SQLite gives its WAL and SHM files the mode of the database file.
 * A file left readable by an older version is tightened at start.
 */
export function prepareSqliteFile(file: string): void {
  if (file === ':memory:' || file === '' || file.startsWith('file:')) return;
  const folder = dirname(file);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  // 'a' creates without truncating; `mode` applies only when the file is new (and under the umask, hence the chmod below).
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const suffix of companions) {
    if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  }
}
