import { closeSync, fsyncSync, openSync } from 'node:fs';

/** The files SQLite may keep beside a database: a copy or a restore moves or removes them with it. */
export const sqliteSidecars = ['-wal', '-shm', '-journal'] as const;

/** fsync a file (`r+`) or a folder (`r`, so a rename in it is durable). */
export function syncFile(path: string, flags: 'r' | 'r+'): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
