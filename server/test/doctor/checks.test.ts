import { describe, expect, it } from 'vitest';
import { runChecks, type CheckResult } from '../../src/doctor/checks.js';
import type { DoctorFacts } from '../../src/doctor/facts.js';
import { exitCodeOf, formatJson, formatText } from '../../src/doctor/report.js';

const known = ['001-foundation', '002-members', '003-classes'];
const now = new Date('2027-03-03T15:00:00.000Z');
const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 3600_000).toISOString();

/** A healthy SQLite installation; each test changes what it is about. */
function facts(change: Partial<DoctorFacts> = {}): DoctorFacts {
  return {
    now,
    configProblem: null,
    knownMigrations: known,
    database: { dialect: 'sqlite', where: 'SQLite /srv/studio/data/studio.db', answered: true, ms: 2 },
    storage: {
      directory: '/srv/studio/data',
      directoryMode: 0o700,
      files: [{ path: '/srv/studio/data/studio.db', mode: 0o600 }],
      disk: { freeBytes: 40e9, totalBytes: 100e9 },
    },
    content: {
      recordedMigrations: [...known],
      newestRow: { at: daysBefore(0.01), source: 'visits.recorded_at' },
      agentKeys: [{ name: 'front turnstile', last4: 'Ab12', locationIds: null }],
      devices: [{ deviceId: 'turnstile-1', lastAt: daysBefore(0.01) }],
    },
    contentProblem: null,
    ...change,
  };
}

const check = (name: string, given: DoctorFacts): CheckResult => runChecks(given).find((result) => result.name === name)!;
const withDisk = (freeBytes: number, totalBytes: number) => facts({ storage: { ...facts().storage!, disk: { freeBytes, totalBytes } } });
const withContent = (change: Partial<NonNullable<DoctorFacts['content']>>) => facts({ content: { ...facts().content!, ...change } });

describe('the doctor checks', () => {
  it('pass a healthy installation, one result per check in a fixed order, exit code 0', () => {
    const results = runChecks(facts());
    expect(results.map((result) => [result.name, result.status])).toEqual([
      ['config', 'ok'],
      ['database', 'ok'],
      ['migrations', 'ok'],
      ['disk', 'ok'],
      ['permissions', 'ok'],
      ['clock', 'ok'],
      ['agents', 'ok'],
    ]);
    expect(exitCodeOf(results)).toBe(0);
    expect(check('migrations', facts()).message).toBe('current: 3 applied, the newest 003-classes');
    expect(check('disk', facts()).message).toBe('40.0 GB free of 100.0 GB (40 %) at /srv/studio/data');
  });

  it('fail on an invalid environment and on a database that does not answer, skipping what needs it', () => {
    expect(check('config', facts({ configProblem: 'Invalid environment:\n  PORT: Too big\n  HOST: Required' }))).toEqual({
      name: 'config',
      status: 'fail',
      message: 'Invalid environment: PORT: Too big; HOST: Required; fix the environment',
    });
    const down = facts({ database: { dialect: 'postgres', where: 'Postgres db:5432/studio', answered: false, problem: 'connect ECONNREFUSED' }, storage: null, content: null });
    const results = runChecks(down);
    expect(check('database', down)).toMatchObject({ status: 'fail', message: expect.stringContaining('Postgres db:5432/studio: connect ECONNREFUSED; check DATABASE_URL') });
    expect(results.filter((result) => result.status === 'skip').map((result) => result.name)).toEqual(['migrations', 'disk', 'permissions', 'agents']);
    expect(exitCodeOf(results)).toBe(1);
    expect(check('database', facts({ contentProblem: 'database disk image is malformed' })).status).toBe('fail');
  });

  it('list pending migrations as a warning, and fail a database newer than the code with the refusal message', () => {
    const pending = check('migrations', withContent({ recordedMigrations: ['001-foundation'] }));
    expect(pending).toMatchObject({ status: 'warn', message: expect.stringMatching(/^2 pending \(002-members, 003-classes\): the next `studio serve` applies them; back up the database first/) });
    const newer = runChecks(withContent({ recordedMigrations: [...known, '004-later'] }));
    expect(newer.find((result) => result.name === 'migrations')).toMatchObject({ status: 'fail', message: expect.stringContaining("(migration 004 'later'); this version knows up to 003.") });
    expect(exitCodeOf(newer)).toBe(1);
  });

  it('warn under 1 GB or 10 % free, fail under 100 MB', () => {
    expect(check('disk', withDisk(1e9, 10e9)).status).toBe('ok');
    expect(check('disk', withDisk(0.99e9, 2e9)).status).toBe('warn');
    expect(check('disk', withDisk(9e9, 100e9))).toMatchObject({ status: 'warn', message: expect.stringContaining('9.0 GB free of 100.0 GB (9 %)') });
    expect(check('disk', withDisk(0.09e9, 1e9)).status).toBe('fail');
    expect(check('disk', facts({ storage: { ...facts().storage!, disk: { problem: 'ENOSYS' } } })).status).toBe('warn');
  });

  it('warn when others may read the data directory or a database file, naming the chmod that fixes it', () => {
    const loose = facts({
      storage: {
        ...facts().storage!,
        directoryMode: 0o755,
        files: [
          { path: '/srv/studio/data/studio.db', mode: 0o600 },
          { path: '/srv/studio/data/studio.db-wal', mode: 0o644 },
        ],
      },
    });
    expect(check('permissions', loose)).toEqual({
      name: 'permissions',
      status: 'warn',
      message: 'others may read the database: /srv/studio/data is 0755 (chmod 700 /srv/studio/data); /srv/studio/data/studio.db-wal is 0644 (chmod 600 /srv/studio/data/studio.db-wal)',
    });
    expect(check('permissions', facts({ storage: { ...facts().storage!, directoryMode: 0o750 } })).status).toBe('warn');
  });

  it('skip the file checks on Postgres', () => {
    const postgres = facts({ database: { dialect: 'postgres', where: 'Postgres db:5432/studio', answered: true, ms: 3 }, storage: null });
    expect(check('disk', postgres)).toMatchObject({ status: 'skip', message: expect.stringContaining('Postgres server') });
    expect(check('permissions', postgres).status).toBe('skip');
  });

  it('warn when the clock is behind the newest recorded time beyond a few minutes of skew, or the year is implausible', () => {
    const newestAt = (at: string) => withContent({ newestRow: { at, source: 'visits.recorded_at' } });
    expect(check('clock', newestAt(new Date(now.getTime() + 4 * 60_000).toISOString())).status).toBe('ok');
    const behind = check('clock', newestAt('2027-03-05T09:00:00.000Z'));
    expect(behind).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('is before 2027-03-05T09:00:00.000Z, the newest time the database recorded (visits.recorded_at): the clock went backwards'),
    });
    expect(check('clock', facts({ now: new Date('1970-01-01T00:00:10.000Z'), content: null })).status).toBe('warn');
    expect(check('clock', facts({ now: new Date('2101-01-01T00:00:00.000Z') })).status).toBe('warn');
    expect(check('clock', withContent({ newestRow: null }))).toMatchObject({ status: 'ok', message: expect.stringContaining('no recorded time') });
  });

  it("reports the agents' keys and each device's newest check-in, warning when every device has been quiet for over 7 days", () => {
    const quiet = (days: number) =>
      withContent({
        devices: [
          { deviceId: 'kiosk-1', lastAt: daysBefore(days + 5) },
          { deviceId: 'turnstile-1', lastAt: daysBefore(days) },
        ],
      });
    expect(check('agents', quiet(6.9))).toMatchObject({
      status: 'ok',
      message: expect.stringContaining('"front turnstile" (…Ab12); their last use is not recorded; the newest check-in by device: kiosk-1 '),
    });
    expect(check('agents', quiet(7.1))).toMatchObject({ status: 'warn', message: expect.stringContaining('no device has checked anyone in for over 7 days') });
    expect(check('agents', withContent({ devices: [] }))).toMatchObject({ status: 'ok', message: expect.stringContaining('by device: none yet') });
    expect(check('agents', withContent({ devices: [], agentKeys: [] })).status).toBe('ok');
  });

  it('print one line per check, and JSON with ok and the checks', () => {
    const results = runChecks(withContent({ recordedMigrations: ['001-foundation'] }));
    const lines = formatText(results).trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[2]).toMatch(/^warn  migrations {3}2 pending/);
    expect(lines[0]).toBe('ok    config       the environment is valid');
    expect(JSON.parse(formatJson(results))).toEqual({ ok: true, checks: results });
  });
});
