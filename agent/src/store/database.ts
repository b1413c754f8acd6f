import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.js';

export type AgentDatabase = Database.Database;

/**
 * Opens (creating) the agent database, its schema brought up to date (migrations.ts). The pragmas
 * are set on EVERY open: better-sqlite3 is built with SQLITE_DEFAULT_WAL_SYNCHRONOUS=1, so a
 * reopened WAL database silently runs at NORMAL and can lose the last commits on power loss
 * (docs/hardware.md §0.5, §5.1). The outbox is the record of who went in; FULL costs ~0.1 ms per
 * commit at a turnstile's rate.
 */
export function openAgentDatabase(path: string): AgentDatabase {
  if (path !== ':memory:') ownerOnly(path);
  const db = new Database(path, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/**
 * The file holds member first names, membership ids, the feed's hash key, the phone-pass keys and the local secret:
 * readable by the agent's user only. A folder it creates is 0700; the database file is created
 * 0600 before SQLite opens it, because SQLite gives the WAL and SHM files the database file's
 * mode; a file (and its WAL and SHM) left 0644 by an older version is narrowed. An existing folder
 * is left as it is: it may be shared (the config's own folder).
 */
function ownerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

/** Liveness for the watchdog: a write that commits (and syncs) proves the disk and the lock are fine. */
export function databaseWritable(db: AgentDatabase): boolean {
  try {
    db.prepare('insert or replace into liveness (id, at) values (1, ?)').run(new Date().toISOString());
    return true;
  } catch {
    return false;
  }
}
