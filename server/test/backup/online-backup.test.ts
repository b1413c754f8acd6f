import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupSqlite, type BackupProgress } from '@studio/shared/sqlite-backup';
import { backupDatabaseFile } from '../../src/backup/sqlite-source.js';

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);
const count = (db: BetterSqlite3.Database) => (db.prepare('select count(*) as n from rows').get() as { n: number }).n;

/** The shared online backup, on real SQLite files: a writer connection beside the backup's own. */
describe('the online SQLite backup', () => {
  let dir: string;
  let file: string;
  let writer: BetterSqlite3.Database;
  let source: BetterSqlite3.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'studio-online-backup-'));
    file = join(dir, 'live.db');
    writer = new BetterSqlite3(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table rows (id integer primary key, bytes blob not null)');
    const insert = writer.prepare('insert into rows (bytes) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 600; i++) insert.run(randomBytes(4000));
    })();
    source = new BetterSqlite3(file, { fileMustExist: true });
  });
  afterEach(() => {
    source.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies one snapshot in one pass while another connection commits between every step', async () => {
    const insert = writer.prepare('insert into rows (bytes) values (?)');
    const before = count(writer);
    const seen: BackupProgress[] = [];
    const result = await backupSqlite(source, join(dir, 'copy.db'), {
      pagesPerStep: 50,
      onProgress: (progress) => {
        seen.push(progress);
        if (seen.length > 200) throw new Error('the backup keeps starting over');
        insert.run(randomBytes(4000)); // a write SQLite's backup would restart for, were no snapshot held
      },
    });
    const done = seen.map((progress) => progress.pagesDone);
    expect(done).toEqual([...done].sort((a, b) => a - b)); // never started over
    expect(seen.length).toBeLessThanOrEqual(Math.ceil(result.pages / 50) + 2);
    expect(seen.at(-1)).toEqual({ pagesDone: result.pages, totalPages: result.pages });
    const copy = new BetterSqlite3(result.file, { readonly: true });
    expect(count(copy)).toBe(before);
    expect(count(writer)).toBeGreaterThan(before);
    copy.close();
  });

  it('writes the copy 0600 whatever the umask, as one file, with nothing left beside it', async () => {
    const umask = process.umask(0o022);
    try {
      const result = await backupSqlite(source, join(dir, 'copy.db'));
      expect(modeOf(result.file)).toBe('600');
      expect(result.bytes).toBe(statSync(result.file).size);
      expect(readdirSync(dir).sort()).toEqual(['copy.db', 'live.db', 'live.db-shm', 'live.db-wal']);
    } finally {
      process.umask(umask);
    }
  });

  it('refuses to replace an existing file unless forced, and then replaces it whole', async () => {
    const target = join(dir, 'copy.db');
    writeFileSync(target, 'an older backup');
    await expect(backupSqlite(source, target)).rejects.toThrow(`${target} already exists; use --force to replace it`);
    expect(readFileSync(target, 'utf8')).toBe('an older backup');
    await backupSqlite(source, target, { force: true });
    const copy = new BetterSqlite3(target, { readonly: true });
    expect(count(copy)).toBe(600);
    copy.close();
  });

  it('stopped half-way, leaves no partial file and the old backup as it was', async () => {
    const target = join(dir, 'copy.db');
    writeFileSync(target, 'an older backup');
    const stop = new AbortController();
    const copying = backupSqlite(source, target, { force: true, pagesPerStep: 20, onProgress: ({ pagesDone }) => pagesDone > 100 && stop.abort(), signal: stop.signal });
    await expect(copying).rejects.toThrow('backup stopped before it was complete');
    expect(readFileSync(target, 'utf8')).toBe('an older backup');
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);
    expect(source.inTransaction).toBe(false); // the snapshot is let go
  });

  it('refuses to write over the database itself or its WAL, even forced', async () => {
    for (const target of [file, `${file}-wal`]) {
      await expect(backupSqlite(source, target, { force: true })).rejects.toThrow(`${target} is the database itself; back it up to another file`);
    }
    expect(count(source)).toBe(600);
  });

  it('refuses a connection inside a transaction, and a folder that does not exist', async () => {
    source.exec('begin');
    await expect(backupSqlite(source, join(dir, 'copy.db'))).rejects.toThrow('a backup needs a connection of its own');
    source.exec('rollback');
    await expect(backupSqlite(source, join(dir, 'missing', 'copy.db'))).rejects.toThrow(`folder ${join(dir, 'missing')} does not exist`);
  });

  it('refuses a database path with no database rather than back up an empty one, and a file that is not SQLite', async () => {
    await expect(backupDatabaseFile(join(dir, 'nothing.db'), join(dir, 'copy.db'))).rejects.toThrow(`there is no database at ${join(dir, 'nothing.db')}`);
    expect(readdirSync(dir)).not.toContain('nothing.db');
    writeFileSync(join(dir, 'text.db'), 'not a database, just some text that is long enough to look like a header '.repeat(20));
    await expect(backupDatabaseFile(join(dir, 'text.db'), join(dir, 'copy.db'))).rejects.toThrow(`${join(dir, 'text.db')} is not a SQLite database`);
    expect(readdirSync(dir).filter((name) => name.startsWith('.') || name === 'copy.db')).toEqual([]);
  });
});
