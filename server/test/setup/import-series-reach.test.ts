import { describe, expect, it } from 'vitest';
import { entrySchemas } from '../../src/modules/setup/import-schema.js';

/**
 * A weekly series in an import file may reach as far as one made in the web app or with `studio
 * series` (five years), so an export of a business with a long timetable imports again.
 */
describe('the reach of a weekly series in an import file', () => {
  const series = (starts_on: string, ends_on: string) =>
    entrySchemas.class_series.safeParse({ location: 'main', service: 'yoga', weekdays: [1, 3], start_time: '07:00', capacity: 10, starts_on, ends_on });
  const problems = (starts_on: string, ends_on: string) => series(starts_on, ends_on).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('takes a series of two years, and one to the last day of its fifth year', () => {
    expect(problems('2027-01-04', '2029-01-03')).toBeUndefined();
    expect(problems('2028-02-29', '2033-02-27')).toBeUndefined();
  });

  it('refuses one day more than five years, and an end before the start, saying what to do', () => {
    expect(problems('2027-01-04', '2032-01-04')).toEqual(['ends_on: a series runs at most 5 years; split longer ranges into several series']);
    expect(problems('2027-01-04', '2027-01-03')).toEqual(['ends_on: ends_on must not be before starts_on']);
  });
});
