import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScheduledBackups, type Timers } from '../../src/backup/scheduled-backups.js';
import { backupDatabaseFile } from '../../src/backup/sqlite-source.js';

const hour = 3_600_000;

/** Timers that fire only when the test says, and a clock that moves only when they fire. */
function manualTime(start: Date) {
  let now = start.getTime();
  const pending = new Map<number, { run: () => void; at: number }>();
  let next = 1;
  const timers: Timers = {
    setTimeout: (run, ms) => {
      pending.set(next, { run, at: now + ms });
      return next++;
    },
    clearTimeout: (handle) => pending.delete(handle as number),
  };
  return {
    timers,
    clock: () => new Date(now),
    /** Moves the clock to the next timer and fires it. */
    fireNext(): number {
      const [handle, timer] = [...pending.entries()].sort((a, b) => a[1].at - b[1].at)[0]!;
      pending.delete(handle);
      now = Math.max(now, timer.at);
      timer.run();
      return timer.at;
    },
    advance(ms: number): void {
      now += ms;
    },
    pendingDelays: () => [...pending.values()].map((timer) => timer.at - now),
  };
}

function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('scheduled backups', () => {
  let dir: string;
  let databaseFile: string;
  let backupDir: string;
  let server: BetterSqlite3.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'studio-scheduled-'));
    databaseFile = join(dir, 'studio.db');
    backupDir = join(dir, 'backups');
    // The server's own connection stays open and writes, as in `studio serve`.
    server = new BetterSqlite3(databaseFile);
    server.pragma('journal_mode = WAL');
    server.exec('create table visits (id integer primary key, at text not null)');
  });
  afterEach(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes one at once, then one per interval, and keeps only the newest BACKUP_KEEP of this database', async () => {
    mkdirSync(backupDir);
    // Not ours: another database's backups and a note stay, whatever their age.
    for (const name of ['other-20200101T000000Z.db', 'README.txt', 'studio-20200101T000000Z.db.partial']) writeFileSync(join(backupDir, name), 'x');
    // Left by a server that died in the middle of a backup: ours, and removed.
    writeFileSync(join(backupDir, '.studio-20260301T101554Z.db.0123456789ab.partial'), 'half a copy');
    const time = manualTime(new Date('2026-03-02T10:15:54.621Z'));
    const { log } = memoryLog();
    const schedule = new ScheduledBackups({ databaseFile, dir: backupDir, intervalMs: 24 * hour, keep: 3, log, clock: time.clock, timers: time.timers, backup: backupDatabaseFile });
    schedule.start();
    expect(time.pendingDelays()).toEqual([0]);
    for (let day = 0; day < 6; day++) {
      server.prepare('insert into visits (at) values (?)').run(time.clock().toISOString());
      time.fireNext();
      await schedule.idle();
      expect(time.pendingDelays()).toEqual([24 * hour]);
    }
    await schedule.stop();
    expect(time.pendingDelays()).toEqual([]);
    const files = readdirSync(backupDir).sort();
    expect(files).toEqual(['README.txt', 'other-20200101T000000Z.db', 'studio-20200101T000000Z.db.partial', 'studio-20260305T101554Z.db', 'studio-20260306T101554Z.db', 'studio-20260307T101554Z.db']);
    const newest = new BetterSqlite3(join(backupDir, 'studio-20260307T101554Z.db'), { readonly: true });
    expect(newest.prepare('select count(*) as n from visits').get()).toEqual({ n: 6 });
    newest.close();
    expect((statSync(join(backupDir, 'studio-20260307T101554Z.db')).mode & 0o777).toString(8)).toBe('600');
  });

  it('after a restart, waits for what is left of the interval since the newest backup', async () => {
    const time = manualTime(new Date('2026-03-02T10:00:00Z'));
    const { log } = memoryLog();
    const options = { databaseFile, dir: backupDir, intervalMs: 24 * hour, keep: 7, log, clock: time.clock, timers: time.timers, backup: backupDatabaseFile };
    const first = new ScheduledBackups(options);
    first.start();
    time.fireNext();
    await first.idle();
    await first.stop();
    const restarted = new ScheduledBackups(options);
    time.advance(5 * hour);
    restarted.start();
    expect(time.pendingDelays()).toEqual([19 * hour]);
    await restarted.stop();
  });

  it('logs a failed backup, never throws, and succeeds at the next interval', async () => {
    const time = manualTime(new Date('2026-03-02T10:00:00Z'));
    const { log, lines } = memoryLog();
    let failures = 1;
    const schedule = new ScheduledBackups({
      databaseFile,
      dir: backupDir,
      intervalMs: hour,
      keep: 7,
      log,
      clock: time.clock,
      timers: time.timers,
      backup: async (file, destination, options) => {
        if (failures-- > 0) throw new Error('No space left on device');
        return backupDatabaseFile(file, destination, options);
      },
    });
    schedule.start();
    time.fireNext();
    await schedule.idle();
    expect(lines.filter((line) => line.level === 50)).toMatchObject([
      { msg: 'scheduled backup failed; it will be tried again at the next interval', err: { message: 'No space left on device' }, retry_in_ms: hour },
    ]);
    expect(time.pendingDelays()).toEqual([hour]);
    time.fireNext();
    await schedule.idle();
    await schedule.stop();
    expect(readdirSync(backupDir)).toEqual(['studio-20260302T110000Z.db']);
    expect(lines.at(-1)).toMatchObject({ msg: 'scheduled backup written', removed: [] });
  });

  it('stopped during a backup, leaves no partial file and schedules nothing more', async () => {
    const time = manualTime(new Date('2026-03-02T10:00:00Z'));
    const { log, lines } = memoryLog();
    const schedule = new ScheduledBackups({
      databaseFile,
      dir: backupDir,
      intervalMs: hour,
      keep: 7,
      log,
      clock: time.clock,
      timers: time.timers,
      backup: (file, destination, options) => backupDatabaseFile(file, destination, { ...options, onProgress: () => void schedule.stop() }),
    });
    server.exec('create table filler (bytes blob)');
    server.prepare('insert into filler values (zeroblob(2000000))').run();
    schedule.start();
    time.fireNext();
    await schedule.idle();
    expect(readdirSync(backupDir)).toEqual([]);
    expect(time.pendingDelays()).toEqual([]);
    expect(lines.filter((line) => line.level === 50)).toEqual([]);
  });
});
