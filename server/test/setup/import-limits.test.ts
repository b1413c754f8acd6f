import { ApiError } from '@studio/shared';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { maxImportClasses } from '../../src/modules/setup/import-limits.js';
import { dryRunImport, importBusiness } from '../../src/modules/setup/importer.js';
import { databaseDigest } from '../helpers/database-digest.js';
import { classesPerDailySeries, dailySeriesFile } from '../helpers/daily-series-file.js';

const clock = () => Date.parse('2025-12-01T09:00:00Z');

describe.each(dialects)('the most classes one import may create (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);

  it('refuses the 14.7 KB file of 82 daily five-year series before planning it, listing every series and the cap', async () => {
    const file = dailySeriesFile(82);
    expect(JSON.stringify(file).length).toBeGreaterThan(14_500);
    const before = await databaseDigest(suite.db);
    for (const run of [() => dryRunImport(suite.db, file, { clock }), () => importBusiness(suite.db, file, { clock })]) {
      const refusal = await run().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(ApiError);
      const error = refusal as ApiError;
      expect(error.status).toBe(422);
      expect(error.code).toBe('import_too_large');
      expect(error.message).toBe(
        'This file would create 149,732 classes; one import creates at most 50,000. Nothing was written. Split its class series over several files, or shorten them (and extend them later).',
      );
      expect(error.details).toMatchObject({ classes: 82 * classesPerDailySeries, max_classes: maxImportClasses });
      const problems = error.details!.problems as string[];
      expect(problems).toHaveLength(82);
      expect(problems[0]).toBe('class_series[0]: 1,826 classes');
    }
    expect(await databaseDigest(suite.db)).toEqual(before);
  });

  it('counts one-off classes too, and takes a file at the cap', async () => {
    const atCap = dailySeriesFile(27);
    const oneOffs = maxImportClasses - 27 * classesPerDailySeries;
    const file = { ...atCap, classes: Array.from({ length: oneOffs }, (_, day) => ({ location: 'main', service: 'flow', start: `2031-01-01T07:00`, capacity: 5 + (day % 3) })) };
    const report = await dryRunImport(suite.db, file, { clock });
    expect(report.would_create.classes).toBe(maxImportClasses);
    const over = { ...file, classes: [...file.classes, file.classes[0]!] };
    const refusal = (await dryRunImport(suite.db, over, { clock }).catch((error: unknown) => error)) as ApiError;
    expect(refusal.code).toBe('import_too_large');
    expect((refusal.details!.problems as string[]).at(-1)).toBe(`classes: ${(oneOffs + 1).toLocaleString('en')} one-off classes`);
  });
});
