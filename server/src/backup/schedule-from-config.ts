import type { Logger } from 'pino';
import { isPostgresUrl } from '../db/open.js';
import { ScheduledBackups } from './scheduled-backups.js';
import { backupDatabaseFile } from './sqlite-source.js';

/** BACKUP_DIR, BACKUP_INTERVAL_HOURS and BACKUP_KEEP as the server's config reads them; `dir` null: off. */
export interface BackupSettings {
  dir: string | null;
  intervalMs: number;
  keep: number;
}

/** The scheduled backups the settings ask for, started; `stop` is called at shutdown. */
export function startScheduledBackups(databaseUrl: string, settings: BackupSettings, log: Logger): { stop(): Promise<void> } {
  const { dir, intervalMs, keep } = settings;
  if (dir === null) return { stop: async () => {} };
  const backupLog = log.child({ module: 'backups' });
  if (isPostgresUrl(databaseUrl) || databaseUrl === ':memory:') {
    backupLog.warn({ dir }, 'BACKUP_DIR is set but the database is not a SQLite file: no scheduled backups (on Postgres use pg_dump, docs/backups.md)');
    return { stop: async () => {} };
  }
  // Small steps: each runs on the event loop between requests.
  const backup: typeof backupDatabaseFile = (file, destination, options) => backupDatabaseFile(file, destination, { ...options, pagesPerStep: 100 });
  const schedule = new ScheduledBackups({ databaseFile: databaseUrl, dir, intervalMs, keep, log: backupLog, backup });
  schedule.start();
  backupLog.info({ dir, interval_hours: intervalMs / 3_600_000, keep }, 'scheduled backups on');
  return schedule;
}
