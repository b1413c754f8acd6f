import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { BackupOptions, BackupResult } from '@studio/shared/sqlite-backup';
import { BackupNames } from './backup-names.js';

/** The timer functions the schedule uses, passed in so a test runs a week of backups at once. */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ScheduledBackupsOptions {
  databaseFile: string;
  dir: string;
  intervalMs: number;
  /** How many backups to keep; older ones of this database are deleted after each new one. */
  keep: number;
  log: Logger;
  clock?: () => Date;
  timers?: Timers;
  /** The online backup (the shared routine on a connection of its own); a test may make it fail. */
  backup: (databaseFile: string, destination: string, options: BackupOptions) => Promise<BackupResult>;
}

const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Backs the database up into `dir` every `intervalMs`, in the server's process, while it serves.
 * The first backup is due one interval after the newest one already in the folder (at once when
 * there is none), so restarts neither skip one nor pile them up. A backup that fails is logged and
 * tried again at the next interval: it never stops the server (docs/architecture.md §2.7).
 */
export class ScheduledBackups {
  private readonly names: BackupNames;
  private readonly clock: () => Date;
  private readonly timers: Timers;
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private abort = new AbortController();
  private stopped = true;

  constructor(private readonly options: ScheduledBackupsOptions) {
    this.names = new BackupNames(options.databaseFile);
    this.clock = options.clock ?? (() => new Date());
    this.timers = options.timers ?? realTimers;
  }

  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    const newest = this.names.newestTime(this.listDir());
    const due = newest ? newest.getTime() + this.options.intervalMs - this.clock().getTime() : 0;
    this.schedule(Math.max(0, due));
  }

  /** Stops the timer; a backup under way stops at its next step and leaves no partial file. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.running;
  }

  /** Resolves when the backup under way (if any) has finished; for tests and shutdown. */
  async idle(): Promise<void> {
    await this.running;
  }

  /** The folder's names; none when it is missing or unreadable (the backup then says why, in the log). */
  private listDir(): string[] {
    try {
      return readdirSync(this.options.dir);
    } catch {
      return [];
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.running = this.runOnce().finally(() => {
        this.running = null;
        this.schedule(this.options.intervalMs);
      });
    }, ms);
  }

  private async runOnce(): Promise<void> {
    const { dir, databaseFile, keep, log } = this.options;
    const started = this.clock();
    try {
      if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
      // A partial copy left by a process that died mid-backup; none of this schedule's is under way.
      for (const name of this.names.partials(readdirSync(dir))) rmSync(join(dir, name), { force: true });
      const destination = join(dir, this.names.nameAt(started));
      const result = await this.options.backup(databaseFile, destination, { signal: this.abort.signal });
      const removed = this.names.beyondRetention(readdirSync(dir), keep);
      for (const name of removed) rmSync(join(dir, name), { force: true });
      log.info({ file: result.file, pages: result.pages, bytes: result.bytes, removed, ms: this.clock().getTime() - started.getTime() }, 'scheduled backup written');
    } catch (error) {
      if (this.stopped) return;
      log.error({ err: error, dir, retry_in_ms: this.options.intervalMs }, 'scheduled backup failed; it will be tried again at the next interval');
    }
  }
}
