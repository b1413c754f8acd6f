import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { runStudio } from '@studio/testkit/server/processes';

describe('studio backup and restore on Postgres', () => {
  it("print the pg_dump and pg_restore commands to run instead, without the URL's password", async () => {
    const url = 'postgres://studio:s3cret-password@127.0.0.1:5432/studio';
    const [backup, restore] = await Promise.all([runStudio(url, ['backup', 'nightly.dump']), runStudio(url, ['restore', 'nightly.dump'])]);
    for (const [command, outcome] of [
      ['backup', backup],
      ['restore', restore],
    ] as const) {
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toBe('');
      expect(outcome.stderr).toBe(
        [
          `studio: DATABASE_URL is a Postgres database; studio ${command} copies SQLite files only. Use Postgres's own tools:`,
          '  back up:  pg_dump --format=custom --file=nightly.dump "$DATABASE_URL"',
          '  restore:  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" nightly.dump   (with every studio process stopped)',
          '',
        ].join('\n'),
      );
    }
  });
});

describe('the scheduled backup settings', () => {
  it('are off without BACKUP_DIR, daily keeping 7 by default, and refused when out of range', () => {
    expect(loadConfig({}).backups).toEqual({ dir: null, intervalMs: 24 * 3_600_000, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/var/backups/studio', BACKUP_INTERVAL_HOURS: '0.5', BACKUP_KEEP: '48' }).backups).toEqual({ dir: '/var/backups/studio', intervalMs: 1_800_000, keep: 48 });
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '0' })).toThrow(/BACKUP_INTERVAL_HOURS: .*\n {2}BACKUP_KEEP: /);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '1000' })).toThrow(/BACKUP_INTERVAL_HOURS: /);
  });
});
