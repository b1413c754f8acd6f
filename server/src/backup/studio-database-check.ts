import BetterSqlite3 from 'better-sqlite3';
import { migrations } from '../db/migrations/index.js';
import { BackupRefused } from './database-target.js';

export interface SchemaState {
  /** Migrations the file has, all of them known to this version. */
  applied: number;
  /** Migrations this version will apply when the server next starts. */
  pending: string[];
}

/**
 * Checks that `file` (a private copy: it is opened read-write) is a sound database of this product
 * that this version can run: SQLite's integrity check passes, it has the migrations table, and it
 * has no migration this version does not know (a backup from a newer version would be served by
 * code that does not know its tables). `shownAs` is the name the operator gave.
 */
export function checkStudioDatabase(file: string, shownAs: string): SchemaState {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    const problems = integrityProblems(db, shownAs);
    if (problems.length > 0) throw new BackupRefused(`${shownAs} is damaged, nothing was changed; SQLite's integrity check says:\n  ${problems.join('\n  ')}`);
    const hasTable = db.prepare("select 1 from sqlite_schema where type = 'table' and name = 'schema_migrations'").get();
    if (!hasTable) throw new BackupRefused(`${shownAs} is a SQLite database but not a studio database (it has no schema_migrations table), nothing was changed`);
    const names = new Set(
      db
        .prepare<[], { name: string }>('select name from schema_migrations')
        .all()
        .map((row) => row.name),
    );
    const known = new Set(migrations.map((migration) => migration.name));
    const unknown = [...names].filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new BackupRefused(`${shownAs} was written by a newer version of studio (migrations this version does not know: ${unknown.join(', ')}); upgrade studio, then restore. Nothing was changed.`);
    }
    return { applied: names.size, pending: migrations.map((migration) => migration.name).filter((name) => !names.has(name)) };
  } finally {
    db.close();
  }
}

function integrityProblems(db: BetterSqlite3.Database, shownAs: string): string[] {
  try {
    const rows = db.prepare<[], { integrity_check: string }>('pragma integrity_check(10)').all();
    return rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') throw new BackupRefused(`${shownAs} is not a SQLite database, nothing was changed`);
    if (code === 'SQLITE_CORRUPT') return [(error as Error).message];
    throw error;
  }
}
