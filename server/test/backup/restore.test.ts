import BetterSqlite3 from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreSqlite } from '../../src/backup/restore.js';
import { backupDatabaseFile } from '../../src/backup/sqlite-source.js';
import { migrations } from '../../src/db/migrations/index.js';
import { openDatabase } from '../../src/db/dialects/open.js';

const now = new Date('2026-03-02T10:15:54.621Z');
const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** A migrated studio database with one company named `name`. */
async function studioDatabase(file: string, name: string): Promise<void> {
  const db = await openDatabase(file);
  await db.run(db.qb.insertInto('companies').values({ id: `00000000-0000-4000-8000-00000000000${name.length % 10}`, name, key_prefix: 'test', created_at: now.toISOString() }));
  await db.close();
}

const companyNames = (file: string): string[] => {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], { name: string }>('select name from companies')
      .all()
      .map((row) => row.name);
  } finally {
    db.close();
  }
};

describe('restoring a SQLite backup', () => {
  let dir: string;
  let target: string;
  let backup: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-restore-'));
    target = join(dir, 'data', 'studio.db');
    backup = join(dir, 'backup.db');
    await studioDatabase(target, 'In the backup');
    await backupDatabaseFile(target, backup);
    await studioDatabase(target, 'Added after the backup');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const leftovers = () => readdirSync(join(dir, 'data')).filter((name) => name.startsWith('.'));

  it('puts the backup in place and keeps the database it replaced, whole, as before-restore-<UTC time>', () => {
    const outcome = restoreSqlite(backup, target, now);
    const kept = `${target}.before-restore-20260302T101554Z`;
    expect(outcome).toEqual({ restored: target, from: backup, kept, migrations: { applied: migrations.length, pending: [] } });
    expect(companyNames(target)).toEqual(['In the backup']);
    expect(companyNames(kept).sort()).toEqual(['Added after the backup', 'In the backup']);
    expect(modeOf(target)).toBe('600');
    expect(leftovers()).toEqual([]);
    // Undo: the kept database restored the same way.
    restoreSqlite(kept, target, new Date(now.getTime() + 1000));
    expect(companyNames(target).sort()).toEqual(['Added after the backup', 'In the backup']);
  });

  it('restores where there is no database yet, making its folder 0700', () => {
    const fresh = join(dir, 'new', 'studio.db');
    expect(restoreSqlite(backup, fresh, now).kept).toBeNull();
    expect(companyNames(fresh)).toEqual(['In the backup']);
    expect(modeOf(join(dir, 'new'))).toBe('700');
  });

  it('lists the migrations an older backup still needs', () => {
    const db = new BetterSqlite3(backup);
    db.prepare('delete from schema_migrations where name = ?').run(migrations.at(-1)!.name);
    db.close();
    expect(restoreSqlite(backup, target, now).migrations).toEqual({ applied: migrations.length - 1, pending: [migrations.at(-1)!.name] });
  });

  const refusals: [string, () => void, RegExp][] = [
    ['a file that is not SQLite', () => writeFileSync(backup, 'name,phone\nSam,555\n'.repeat(100)), /backup\.db is not a SQLite database, nothing was changed$/],
    [
      'a SQLite database of another program',
      () => {
        rmSync(backup);
        const other = new BetterSqlite3(backup);
        other.exec('create table notes (body text)');
        other.close();
      },
      /backup\.db is a SQLite database but not a studio database \(it has no schema_migrations table\), nothing was changed$/,
    ],
    [
      'a backup from a newer version',
      () => {
        const db = new BetterSqlite3(backup);
        db.prepare('insert into schema_migrations (name, applied_at) values (?, ?)').run('999-from-the-future', now.toISOString());
        db.close();
      },
      /backup\.db was written by a newer version of studio \(migrations this version does not know: 999-from-the-future\); upgrade studio, then restore/,
    ],
    ['a damaged database', () => damagePage(backup, 3), /backup\.db is damaged, nothing was changed; SQLite's integrity check says:\n {2}\S/],
    ['a database whose WAL is beside it', () => writeFileSync(`${backup}-wal`, 'frames'), /has a WAL file beside it .*make a backup of it with studio backup$/],
  ];

  it.each(refusals)('refuses %s and changes nothing', (_, spoil, message) => {
    spoil();
    const before = readFileSync(target);
    expect(() => restoreSqlite(backup, target, now)).toThrow(message);
    expect(readFileSync(target).equals(before)).toBe(true);
    expect(readdirSync(join(dir, 'data')).filter((name) => name.includes('before-restore') || name.startsWith('.'))).toEqual([]);
  });

  it('refuses while another connection has the database open, even one doing nothing', () => {
    const idle = new BetterSqlite3(target);
    idle.prepare('select count(*) from companies').get();
    try {
      expect(() => restoreSqlite(backup, target, now)).toThrow(`${target} is open in another process (a running studio server?): stop it, then restore`);
      expect(leftovers()).toEqual([]);
    } finally {
      idle.close();
    }
    expect(restoreSqlite(backup, target, now).kept).not.toBeNull();
  });

  it('replaces a database too damaged to open, keeping it aside', () => {
    writeFileSync(target, 'garbage where the database was '.repeat(200));
    const outcome = restoreSqlite(backup, target, now);
    expect(companyNames(target)).toEqual(['In the backup']);
    expect(existsSync(outcome.kept!)).toBe(true);
  });
});

/** Overwrites a b-tree page's header, the way a torn write or a bad sector would. */
function damagePage(file: string, page: number): void {
  const bytes = readFileSync(file);
  const pageSize = bytes.readUInt16BE(16);
  bytes.fill(0xa5, (page - 1) * pageSize, (page - 1) * pageSize + 64);
  writeFileSync(file, bytes);
}
