import { ApiError } from '@studio/shared';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/dialects/open.js';
import type { Db } from '../../db/types.js';

/** A command's failure the user can act on: printed as one clear line, exit code 1. */
export class CliError extends Error {}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** Opens the database of DATABASE_URL for the duration of `work`. */
export async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase(loadConfig().databaseUrl);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Errors whose message is written for the user; matched by name so modules need not import the CLI. */
const userFacingErrors = new Set(['ConfigError', 'ImportError', 'DatabaseNewerThanCode', 'BackupError', 'BackupRefused', 'TlsError', 'CompanyDeletionRefused']);

/** Wraps a command action: known errors become `studio: message` on stderr and exit code 1. */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<void>) {
  return async (...args: A): Promise<void> => {
    try {
      await fn(...args);
    } catch (error) {
      const known = error instanceof CliError || error instanceof ApiError || userFacingErrors.has((error as Error)?.name);
      // A refusal's list (an import too large: its series) follows its message, one item a line.
      const listed = error instanceof ApiError && Array.isArray(error.details?.problems) ? (error.details.problems as string[]).map((item) => `\n  ${item}`).join('') : '';
      const message = known ? (error as Error).message + listed : `unexpected error: ${(error as Error)?.stack ?? String(error)}`;
      process.stderr.write(`studio: ${message}\n`);
      process.exitCode = 1;
    }
  };
}
