import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('the SQLite data files are private to the server user', () => {
  const roots: string[] = [];
  const root = () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-modes-'));
    roots.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates the folder 0700 and the database, its WAL and SHM 0600, whatever the umask allows', async () => {
    const previous = process.umask(0o022);
    try {
      const file = join(root(), 'data', 'nested', 'studio.db');
      const db = await openDatabase(file);
      try {
        // The migrations wrote through the WAL, so all three files exist while the database is open.
        expect(mode(join(file, '..'))).toBe(0o700);
        expect(mode(file)).toBe(0o600);
        expect(mode(`${file}-wal`)).toBe(0o600);
        expect(mode(`${file}-shm`)).toBe(0o600);
      } finally {
        await db.close();
      }
    } finally {
      process.umask(previous);
    }
  });

  it('tightens a database an older version left readable by everyone', async () => {
    const file = join(root(), 'studio.db');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const db = await openDatabase(file);
    await db.close();
    expect(mode(file)).toBe(0o600);
  });
});
