import { ApiError } from '@studio/shared';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { queriesThrough, shareQueries } from '../../src/db/worker-queries.js';
import { dryRunInWorker, importInWorker } from '../../src/modules/setup/import-job.js';
import { ImportJobs } from '../../src/modules/setup/import-jobs.js';
import type { ImportProgress } from '../../src/modules/setup/importer.js';
import { databaseDigest } from '../helpers/database-digest.js';
import { classesPerDailySeries, dailySeriesFile } from '../helpers/daily-series-file.js';

const clock = () => Date.parse('2025-12-01T09:00:00Z');
/** The five-year daily series file with as many series as the import's cap allows: 49,302 classes. */
const seriesCount = 27;
const step = ({ phase, rows_written, rows_total }: ImportProgress) => `${phase} ${rows_written}/${rows_total}`;

describe.each(dialects)('a dry run and an import of the five-year daily series file in a worker thread (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);

  it('dry-runs in the worker, saying where it stands: reading, checking, done', async () => {
    const seen: ImportProgress[] = [];
    const before = await databaseDigest(suite.db);
    const report = await dryRunInWorker(suite.db, dailySeriesFile(seriesCount), { clock, onProgress: (progress) => void seen.push(progress) });
    expect(report).toMatchObject({ ok: true, problems: [], would_create: { companies: 1, class_series: seriesCount, classes: seriesCount * classesPerDailySeries } });
    expect(seen.map(step)).toEqual(['reading 0/0', 'checking 0/0', 'done 0/0']);
    expect(await databaseDigest(suite.db)).toEqual(before);
  });

  it('rolls back a commit that fails half-way through its rows: nothing is written', async () => {
    const before = await databaseDigest(suite.db);
    const classesSeen: number[] = [];
    const failing = importInWorker(suite.db, dailySeriesFile(seriesCount, { slug: 'failing' }), {
      clock,
      onProgress: async (progress) => {
        if (progress.phase !== 'writing' || progress.rows_written < 20_000) return;
        // Inside the import's transaction, its classes so far are there; then the write fails, as a full disk would.
        classesSeen.push(Number((await suite.db.first(suite.db.qb.selectFrom('classes').select((eb) => eb.fn.countAll<number>().as('count'))))!.count));
        throw new Error('the disk is full');
      },
    });
    await expect(failing).rejects.toThrow('the disk is full');
    expect(classesSeen[0]).toBeGreaterThan(15_000);
    expect(await databaseDigest(suite.db)).toEqual(before);
  });

  it('writes the whole file in one transaction, reporting the rows written as it goes, then done', async () => {
    const seen: ImportProgress[] = [];
    const summary = await importInWorker(suite.db, dailySeriesFile(seriesCount), { clock, onProgress: (progress) => void seen.push(progress) });
    const total = 1 + 1 + 1 + 1 + 1 + 1 + seriesCount + seriesCount * classesPerDailySeries;
    expect(summary.created).toMatchObject({ companies: 1, locations: 1, staff: 1, rooms: 1, services: 1, service_staff: 1, class_series: seriesCount, classes: seriesCount * classesPerDailySeries });
    expect(seen.slice(0, 3).map(step)).toEqual(['reading 0/0', 'checking 0/0', `writing 0/${total}`]);
    expect(seen.at(-1)).toEqual({ phase: 'done', rows_written: total, rows_total: total });
    const writing = seen.filter((progress) => progress.phase === 'writing').map((progress) => progress.rows_written);
    // Many steps between, each further than the one before.
    expect(writing.length).toBeGreaterThan(400);
    expect(writing).toEqual([...writing].sort((a, b) => a - b));
    const classes = await suite.db.first(
      suite.db.qb
        .selectFrom('classes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('company_id', '=', summary.company_id),
    );
    expect(Number(classes!.count)).toBe(seriesCount * classesPerDailySeries);
  });

  it('refuses the 14.7 KB file of 82 series in the worker: 422 import_too_large, nothing written', async () => {
    const before = await databaseDigest(suite.db);
    const refusal = await importInWorker(suite.db, dailySeriesFile(82, { slug: 'too-many' }), { clock }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 422, code: 'import_too_large' });
    expect(await databaseDigest(suite.db)).toEqual(before);
  });

  it('lets a worker read the database through the main thread, and nothing else', async () => {
    const queries = shareQueries(suite.db);
    const remote = queriesThrough(queries.shared);
    try {
      expect(await remote.first(remote.qb.selectFrom('companies').select('name').where('name', '=', 'Five Years Studio'))).toEqual({ name: 'Five Years Studio' });
      await expect(remote.run(remote.qb.deleteFrom('companies'))).rejects.toThrow('a worker may only read the database');
      await expect(remote.transaction(async () => undefined)).rejects.toThrow('a worker may only read the database');
      // Even a write compiled by hand is refused by the main thread.
      await expect(remote.all(remote.qb.deleteFrom('companies'))).rejects.toThrow('a worker may only read the database');
    } finally {
      queries.close();
    }
  });
});

describe('the running imports', () => {
  it('runs one import per company at a time: a second is refused while the first runs', async () => {
    const jobs = new ImportJobs(clock);
    let finish!: () => void;
    const first = jobs.run('company-a', 'commit', async (onProgress) => {
      onProgress({ phase: 'writing', rows_written: 10, rows_total: 40 });
      await new Promise<void>((resolve) => (finish = resolve));
      return 'first';
    });
    expect(jobs.current('company-a')).toEqual({ kind: 'commit', phase: 'writing', rows_written: 10, rows_total: 40, started_at: '2025-12-01T09:00:00.000Z' });
    await expect(jobs.run('company-a', 'dry_run', async () => 'second')).rejects.toMatchObject({ status: 409, code: 'import_in_progress' });
    expect(await jobs.run('company-b', 'dry_run', async () => 'other company')).toBe('other company');
    finish();
    expect(await first).toBe('first');
    expect(jobs.current('company-a')).toBeNull();
  });
});
