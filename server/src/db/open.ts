import type { Logger } from 'pino';
import { openPostgres } from './dialects/postgres.js';
import { openSqlite } from './dialects/sqlite.js';
import { migrate } from './migrate.js';
import { prepareSqliteFile } from './private-files.js';
import type { Db } from './types.js';

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Opens the database named by `url` (a SQLite file, `:memory:` or `postgres://...`) and migrates it. */
export async function openDatabase(url: string, log?: Logger): Promise<Db> {
  if (!isPostgresUrl(url)) prepareSqliteFile(url);
  const db = isPostgresUrl(url) ? openPostgres(url, log) : openSqlite(url);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
