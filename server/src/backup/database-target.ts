import { resolve } from 'node:path';
import { isPostgresUrl } from '../db/open.js';

/** A backup or restore was refused for a reason the operator can act on: printed as one line. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/**
 * What to run instead on Postgres. The server never shells out to pg_dump: its version must match
 * the database's, and the operator's own tools know where the dumps belong. `"$DATABASE_URL"` is
 * written as it is, so the message never prints the password the URL may carry.
 */
export function postgresAdvice(command: 'backup' | 'restore', file = 'FILE'): string {
  return [
    `DATABASE_URL is a Postgres database; studio ${command} copies SQLite files only. Use Postgres's own tools:`,
    `  back up:  pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
    `  restore:  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}   (with every studio process stopped)`,
  ].join('\n');
}

/** The SQLite file DATABASE_URL names, or a refusal saying what to do instead. */
export function sqliteFileOf(databaseUrl: string, command: 'backup' | 'restore', file?: string): string {
  if (isPostgresUrl(databaseUrl)) throw new BackupRefused(postgresAdvice(command, file));
  if (databaseUrl === ':memory:' || databaseUrl === '' || databaseUrl.startsWith('file:')) {
    throw new BackupRefused(`DATABASE_URL is ${databaseUrl || 'empty'}: studio ${command} works on a SQLite file path`);
  }
  return resolve(databaseUrl);
}
