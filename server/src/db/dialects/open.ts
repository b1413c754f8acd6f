import type { Logger } from 'pino';
import { migrate } from '../migrations/migrate.js';
import { isPostgresUrl } from '../open.js';
import { prepareSqliteFile } from '../private-files.js';
import type { Db } from '../types.js';

/**
 * Opens the database named by `url` (a SQLite file, `:memory:` or `postgres://...`) and migrates it.
 * Each dialect is loaded when first asked for: a command on SQLite never loads the Postgres driver.
 */
export async function openDatabase(url: string, log?: Logger): Promise<Db> {
  let db: Db;
  if (isPostgresUrl(url)) {
    db = (await import('./postgres.js')).openPostgres(url, log);
  } else {
    prepareSqliteFile(url);
    db = (await import('./sqlite.js')).openSqlite(url);
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
