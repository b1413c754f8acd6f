import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { demo } from '../helpers/demo-bookings.js';
import { runStudio, startStudio, type StudioProcess } from '@studio/testkit/server/processes';

interface Write {
  id: string;
  ackedAt: number;
}

/** Creates contacts through the API, `lanes` requests at a time, until `stop` is called. */
function writeContinuously(base: string, key: string, lanes: number) {
  const acknowledged: Write[] = [];
  let running = true;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const lane = async (n: number) => {
    for (let i = 0; running; i++) {
      const response = await fetch(`${base}/contacts`, { method: 'POST', headers, body: JSON.stringify({ first_name: `Load ${n}-${i}`, location_id: demo.brooklyn }) });
      const body = (await response.json()) as { id: string };
      if (response.status !== 201) throw new Error(`contact create answered ${response.status}: ${JSON.stringify(body)}`);
      acknowledged.push({ id: body.id, ackedAt: performance.now() });
    }
  };
  const done = Promise.all(Array.from({ length: lanes }, (_, n) => lane(n)));
  return {
    acknowledged,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

const contactIds = (file: string): Set<string> => {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return new Set(
      db
        .prepare<[], { id: string }>('select id from contacts')
        .all()
        .map((row) => row.id),
    );
  } finally {
    db.close();
  }
};

describe('studio backup of a live database under write load, then studio restore', () => {
  let dir: string;
  let databaseFile: string;
  let backupFile: string;
  let scheduledDir: string;
  let key: string;
  let studio: StudioProcess | null = null;
  let beforeBackup: string[] = [];
  let afterBackup: string[] = [];
  let duringBackup = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'studio-backup-'));
    databaseFile = join(dir, 'data', 'studio.db');
    backupFile = join(dir, 'backups', 'manual.db');
    scheduledDir = join(dir, 'scheduled');
    const db = await openDatabase(databaseFile);
    await seedDemo(db);
    key = (await createKey(db, { companyId: demoCompanyId, scopes: 'all', locationIds: 'all' })).key;
    await db.close();
    // Some 25 MB more, so that the copy takes many steps while the writes go on.
    const raw = new BetterSqlite3(databaseFile);
    raw.exec('create table test_filler (bytes blob not null)');
    const insert = raw.prepare('insert into test_filler (bytes) values (?)');
    raw.transaction(() => {
      for (let i = 0; i < 1500; i++) insert.run(randomBytes(16_384));
    })();
    raw.close();
    mkdirSync(join(dir, 'backups'));
    studio = await startStudio('serve', databaseFile, 'warn', { env: { BACKUP_DIR: scheduledDir, BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '2' } });
  });
  afterAll(async () => {
    await studio?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every write acknowledged before it started, while the server keeps answering writes', async () => {
    const load = writeContinuously(studio!.base, key, 4);
    while (load.acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    const backup = await runStudio(databaseFile, ['backup', backupFile]);
    const finished = performance.now();
    while (load.acknowledged.filter((write) => write.ackedAt > finished).length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await load.stop();

    expect(backup.stderr).toBe(''); // not a terminal: no progress line
    expect(backup.code).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ backup: backupFile, database: databaseFile });
    beforeBackup = load.acknowledged.filter((write) => write.ackedAt < started).map((write) => write.id);
    afterBackup = load.acknowledged.filter((write) => write.ackedAt > finished).map((write) => write.id);
    duringBackup = load.acknowledged.length - beforeBackup.length - afterBackup.length;
    expect(duringBackup, 'writes acknowledged while studio backup ran').toBeGreaterThan(0);

    const copied = contactIds(backupFile);
    expect(beforeBackup.filter((id) => !copied.has(id))).toEqual([]);
    expect(afterBackup.filter((id) => copied.has(id))).toEqual([]);
    expect((statSync(backupFile).mode & 0o777).toString(8)).toBe('600');
    expect(readdirSync(join(dir, 'backups'))).toEqual(['manual.db']); // no partial file left beside it
    const check = new BetterSqlite3(backupFile, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete'); // one file, no WAL to carry along
    check.close();
  });

  it('refuses to replace the backup without --force', async () => {
    const again = await runStudio(databaseFile, ['backup', backupFile]);
    expect(again).toMatchObject({ code: 1, stdout: '', stderr: `studio: ${backupFile} already exists; use --force to replace it\n` });
  });

  it('took a scheduled backup in the server process at start', () => {
    const files = readdirSync(scheduledDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^studio-\d{8}T\d{6}Z\.db$/);
    expect((statSync(join(scheduledDir, files[0]!)).mode & 0o777).toString(8)).toBe('600');
  });

  it('refuses to restore while the server holds the database open, and changes nothing', async () => {
    const outcome = await runStudio(databaseFile, ['restore', backupFile]);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`${databaseFile} is open in another process (a running studio server?): stop it, then restore`);
    expect(readdirSync(join(dir, 'data')).filter((name) => name.includes('before-restore'))).toEqual([]);
    const response = await fetch(`${studio!.base}/contacts/${afterBackup[0]}`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
  });

  it('restores into the stopped server path, keeps the replaced database, and the restarted server reads every copied write', async () => {
    expect(await studio!.stop()).toBe(0);
    studio = null;
    const outcome = await runStudio(databaseFile, ['restore', backupFile]);
    expect(outcome.code).toBe(0);
    const restored = JSON.parse(outcome.stdout) as { restored: string; kept: string; undo: string };
    expect(restored.restored).toBe(databaseFile);
    expect(restored.kept).toMatch(new RegExp(`^${databaseFile}\\.before-restore-\\d{8}T\\d{6}Z$`));
    expect(restored.undo).toBe(`studio restore ${restored.kept}`);
    expect(outcome.stderr).toContain(`the database it replaced is kept as ${restored.kept}`);
    // The kept database is whole: it has the writes made after the backup, WAL folded in.
    expect(existsSync(`${restored.kept}-wal`)).toBe(false);
    const kept = contactIds(restored.kept);
    expect(afterBackup.filter((id) => !kept.has(id))).toEqual([]);

    studio = await startStudio('serve', databaseFile, 'warn');
    const read = async (id: string) => (await fetch(`${studio!.base}/contacts/${id}`, { headers: { authorization: `Bearer ${key}` } })).status;
    const statuses = await Promise.all(beforeBackup.map(read));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await read(afterBackup.at(-1)!)).toBe(404);
    expect((statSync(databaseFile).mode & 0o777).toString(8)).toBe('600');
  });
});
