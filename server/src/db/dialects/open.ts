import type { Logger } from 'pino';
import { migrate } from '../migrations/migrate.js';
import { isPostgresUrl } from '../open.js';
import { prepareSqliteFile } from '../private-files.js';
import type { Db } from '../types.js';
import { openPostgres } from './postgres.js';
import { openSqlite } from './sqlite.js';

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
