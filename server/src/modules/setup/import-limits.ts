import { ApiError } from '@studio/shared';
import { countWeeklyStarts } from '../classes/class-times.js';
import type { ParsedImport } from './import-parse.js';
import { entryLabel } from './import-problems.js';

/**
 * The most classes one import may create, one-off classes and every class of every series
 * counted (docs/import-format.md). An import is written in one transaction, and on SQLite every
 * other request that reads the database waits for it: 50,000 classes is about a thousand a week
 * for a year, or 190 a week for the five years a series may run, and writes in a few seconds.
 */
export const maxImportClasses = 50_000;

/**
 * Refuses a file that would create more than `maxImportClasses` classes, before anything else is
 * planned: counted from the series' dates alone, without placing a class. The refusal lists every
 * series with its classes, largest first, so the owner sees what to split or shorten.
 */
export function refuseTooManyClasses(parsed: ParsedImport): void {
  const oneOffs = parsed.sections.classes.filter((entry) => entry !== undefined).length;
  const series = parsed.sections.class_series.flatMap((entry, index) => (entry === undefined ? [] : [{ label: entryLabel('class_series', index, entry), classes: countWeeklyStarts(entry) }]));
  const total = oneOffs + series.reduce((sum, { classes }) => sum + classes, 0);
  if (total <= maxImportClasses) return;
  const problems = series.sort((a, b) => b.classes - a.classes).map(({ label, classes }) => `${label}: ${classes.toLocaleString('en')} classes`);
  if (oneOffs) problems.push(`classes: ${oneOffs.toLocaleString('en')} one-off classes`);
  throw new ApiError(
    'import_too_large',
    `This file would create ${total.toLocaleString('en')} classes; one import creates at most ${maxImportClasses.toLocaleString('en')}. Nothing was written. Split its class series over several files, or shorten them (and extend them later).`,
    { details: { problems, classes: total, max_classes: maxImportClasses } },
  );
}
