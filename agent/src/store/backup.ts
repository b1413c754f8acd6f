import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { backupSqlite, BackupError, type BackupOptions, type BackupResult } from '@studio/shared/sqlite-backup';
import { AgentConfigSchema } from '../config/schema.js';

/**
 * Backs up the agent's store (the outbox of visits not yet sent, the decision log, the cache) while
 * the agent keeps running: the shared online backup, on a connection of its own beside the agent's.
 */
export async function backupAgentStore(storePath: string, destination: string, options: BackupOptions = {}): Promise<BackupResult> {
  // Opening a missing path would create an empty store and back that up.
  if (!existsSync(storePath)) throw new BackupError(`there is no agent store at ${storePath}`);
  const source = new Database(storePath, { fileMustExist: true, timeout: 5000 });
  try {
    return await backupSqlite(source, destination, options);
  } finally {
    source.close();
  }
}

/**
 * The store a config file names, resolved as the agent resolves it (relative to the file's folder).
 * Only `store` is read: a backup needs neither the API key nor valid devices.
 */
export function storePathOf(configFile: string): string {
  let raw: { store?: unknown };
  try {
    raw = JSON.parse(readFileSync(configFile, 'utf8')) as { store?: unknown };
  } catch (error) {
    throw new BackupError(`cannot read the config ${configFile}: ${(error as Error).message}`);
  }
  const store = AgentConfigSchema.shape.store.safeParse(raw?.store);
  if (!store.success) throw new BackupError(`${configFile}: store: ${store.error.issues.map((issue) => issue.message).join('; ')}`);
  return isAbsolute(store.data.path) ? store.data.path : resolve(dirname(resolve(configFile)), store.data.path);
}
