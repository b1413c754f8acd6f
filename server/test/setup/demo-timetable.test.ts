import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { demoTimetableWeeks, extendDemoTimetable } from '../../src/modules/setup/demo-timetable.js';
import { checkSeriesSpan } from '../../src/modules/classes/series-classes.js';
import { rowCounts } from '../helpers/row-counts.js';

/** Fixed ids of server/examples/demo-business.json. */
const brooklyn = 'cbf0a9af-f340-5c03-a2e1-9aab1fe2401c';
const london = '51d776da-2e01-50e6-88ba-7059ee450b81';
/** The weekly classes of the demo file, in each location's local time (ISO weekday, HH:mm). */
const brooklynWeek = ['1 07:00', '2 18:30', '3 07:00', '4 18:30', '5 07:00', '6 09:00', '7 10:00'];
const londonWeek = ['1 18:00', '2 07:30', '3 18:00', '4 07:30'];

/** Injected starts: the demo file's own year, then two and five years on (the file's series end 2027-12-31). */
const inTheFileYear = Date.parse('2026-11-25T12:00:00Z');
const twoYearsOn = Date.parse('2028-11-25T12:00:00Z');
const fiveYearsOn = Date.parse('2031-11-25T03:00:00Z');
const twelveYearsOn = Date.parse('2038-11-25T12:00:00Z');

describe.each(dialects)('the demo timetable never runs out, on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  beforeAll(async () => {
    await seedDemo(suite.db);
  });

  /** The local weekday and time of every class of a location in [from, from + days). */
  const localWeek = async (locationId: string, zone: string, from: number, days: number) => {
    const rows = await suite.db.all(
      suite.db.qb
        .selectFrom('classes')
        .select('start_at')
        .where('location_id', '=', locationId)
        .where('start_at', '>=', new Date(from).toISOString())
        .where('start_at', '<', new Date(from + days * 86_400_000).toISOString())
        .orderBy('start_at'),
    );
    return rows.map((row) => DateTime.fromISO(row.start_at, { zone }).toFormat('c HH:mm'));
  };
  const sorted = (list: string[]) => [...list].sort();

  it('changes nothing while the file still reaches the horizon', async () => {
    const counts = await rowCounts(suite.db);
    expect(await extendDemoTimetable(suite.db, demoCompanyId, inTheFileYear)).toEqual({ endsOn: '2027-12-31', classesAdded: 0 });
    expect(await rowCounts(suite.db)).toEqual(counts);
  });

  it.each([
    ['two', twoYearsOn],
    ['five', fiveYearsOn],
    ['twelve', twelveYearsOn],
  ])('started %s years on, shows the same weekly classes at their local times up to the horizon', async (_, now) => {
    const result = await extendDemoTimetable(suite.db, demoCompanyId, now);
    expect(result.classesAdded).toBeGreaterThan(0);
    // One end date for all: the later local date of the two zones, London's.
    expect(result.endsOn).toBe(DateTime.fromMillis(now, { zone: 'Europe/London' }).plus({ weeks: demoTimetableWeeks }).toISODate());
    // Every week from now to the horizon has the file's classes, at the same local times, DST or not.
    for (let week = 0; week < demoTimetableWeeks; week++) {
      const from = now + week * 7 * 86_400_000;
      expect(sorted(await localWeek(brooklyn, 'America/New_York', from, 7))).toEqual(sorted(brooklynWeek));
      expect(sorted(await localWeek(london, 'Europe/London', from, 7))).toEqual(sorted(londonWeek));
    }
    // Starting again at the same time adds nothing.
    const counts = await rowCounts(suite.db);
    expect(await extendDemoTimetable(suite.db, demoCompanyId, now)).toEqual({ endsOn: result.endsOn, classesAdded: 0 });
    expect(await rowCounts(suite.db)).toEqual(counts);
  });

  // Runs after the tests above have carried the timetable twelve years on.
  it('carries the summer and winter weeks between, across every DST change, without gaps or doubles', async () => {
    // From the file's end to the last horizon: one class per pattern slot per week, nothing doubled.
    for (let from = Date.parse('2028-01-03T05:00:00Z'); from < twelveYearsOn; from += 7 * 86_400_000) {
      expect(sorted(await localWeek(brooklyn, 'America/New_York', from, 7))).toEqual(sorted(brooklynWeek));
    }
    const series = await suite.db.all(suite.db.qb.selectFrom('class_series').select(['starts_on', 'ends_on']).where('company_id', '=', demoCompanyId));
    // The 2026 series keep their end; six run to the horizon.
    expect(series.filter((row) => row.ends_on === '2026-12-31')).toHaveLength(6);
    expect(series.filter((row) => row.ends_on === DateTime.fromMillis(twelveYearsOn, { zone: 'Europe/London' }).plus({ weeks: demoTimetableWeeks }).toISODate())).toHaveLength(6);
    // No series runs longer than any series may (so the business exports and imports again): a
    // carried one ends on its last allowed day and another continues it.
    for (const row of series) expect(() => checkSeriesSpan(row.starts_on, row.ends_on)).not.toThrow();
    expect(series.length).toBeGreaterThan(12);
  });
});
