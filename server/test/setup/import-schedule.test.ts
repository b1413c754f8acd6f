import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../src/modules/setup/import-problems.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { rowCounts } from '../helpers/row-counts.js';

/** Two branches and a stylist who works at one and covers a date at the other. */
function salonFile() {
  return {
    version: 1,
    company: { name: 'Birch Salon', key_prefix: 'birch' },
    locations: [
      { ref: 'main', name: 'Birch Main', slug: 'main', timezone: 'Europe/Dublin', country: 'IE' },
      { ref: 'north', name: 'Birch North', slug: 'north', timezone: 'Europe/Dublin', country: 'IE' },
    ],
    staff: [
      {
        ref: 'ana',
        first_name: 'Ana',
        hours: [{ location: 'main', weekday: 1, start: '09:00', end: '17:00' }],
        overrides: [
          { location: 'main', date: '2026-05-04', spans: [] },
          {
            location: 'north',
            date: '2026-05-05',
            spans: [
              { start: '14:00', end: '24:00' },
              { start: '08:00', end: '12:00' },
            ],
          },
        ],
        time_off: [
          { start: '2026-07-20T00:00:00+01:00', end: '2026-07-25T00:00:00+01:00', reason: 'Holiday' },
          { start: '2026-09-01T12:00:00Z', end: '2026-09-01T15:30:00Z' },
        ],
      },
    ],
  };
}

describe.each(dialects)('importing staff overrides and time off on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);

  async function refusal(file: unknown): Promise<string[]> {
    const before = await rowCounts(suite.db);
    const error = await importBusiness(suite.db, file).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect(await rowCounts(suite.db)).toEqual(before);
    return (error as ImportError).problems;
  }

  it('writes a row per span, one row without times for a day off, and time off in UTC', async () => {
    const summary = await importBusiness(suite.db, salonFile());
    expect(summary.created).toMatchObject({ staff_overrides: 3, staff_time_off: 2 });
    const ana = summary.ids.staff!.ana!;
    const { main, north } = summary.ids.locations!;
    const overrides = await suite.db.all(
      suite.db.qb.selectFrom('staff_overrides').select(['location_id', 'date', 'start_time', 'end_time']).where('staff_id', '=', ana).orderBy('date').orderBy('start_time'),
    );
    expect(overrides).toEqual([
      { location_id: main, date: '2026-05-04', start_time: null, end_time: null },
      { location_id: north, date: '2026-05-05', start_time: '08:00', end_time: '12:00' },
      { location_id: north, date: '2026-05-05', start_time: '14:00', end_time: '24:00' },
    ]);
    const timeOff = await suite.db.all(suite.db.qb.selectFrom('staff_time_off').select(['start_at', 'end_at', 'reason']).where('staff_id', '=', ana).orderBy('start_at'));
    expect(timeOff).toEqual([
      { start_at: '2026-07-19T23:00:00.000Z', end_at: '2026-07-24T23:00:00.000Z', reason: 'Holiday' },
      { start_at: '2026-09-01T12:00:00.000Z', end_at: '2026-09-01T15:30:00.000Z', reason: null },
    ]);
  });

  it('refuses bad spans, a date overridden twice and an unknown location, naming each entry', async () => {
    const file = salonFile();
    const ana = file.staff[0]!;
    ana.overrides.push(
      { location: 'main', date: '2026-05-04', spans: [{ start: '10:00', end: '12:00' }] },
      {
        location: 'main',
        date: '2026-05-06',
        spans: [
          { start: '09:00', end: '13:00' },
          { start: '12:00', end: '18:00' },
        ],
      },
      { location: 'main', date: '2026-05-07', spans: [{ start: '18:00', end: '09:00' }] },
      { location: 'south', date: '2026-05-08', spans: [] },
    );
    // Schema problems come first, alone: references are only resolved in a file whose shape is valid.
    expect(await refusal(file)).toEqual([
      'staff[0] (ref "ana").overrides[3].spans: spans 09:00-13:00 and 12:00-18:00 overlap',
      'staff[0] (ref "ana").overrides[4].spans[0].end: end must be after start',
    ]);
    ana.overrides.splice(3, 2);
    expect(await refusal(file)).toEqual([
      'staff[0] (ref "ana").overrides[2]: 2026-05-04 at location "main" is already overridden by overrides[0]; merge their spans into one entry',
      'staff[0] (ref "ana"): overrides[3].location "south" is not a location in this file',
    ]);
  });

  it('refuses time off without an offset, ending before it starts, or longer than a year', async () => {
    const file = salonFile();
    file.staff[0]!.time_off = [
      { start: '2026-07-20T09:00', end: '2026-07-20T17:00:00Z', reason: 'Dentist' },
      { start: '2026-07-21T17:00:00Z', end: '2026-07-21T09:00:00Z', reason: 'Backwards' },
      { start: '2026-01-01T00:00:00Z', end: '2027-01-03T00:00:00Z', reason: 'Sabbatical' },
    ];
    const problems = await refusal(file);
    expect(problems).toEqual([
      expect.stringMatching(/^staff\[0\] \(ref "ana"\)\.time_off\[0\]\.start: expected RFC 3339 with Z or an offset/),
      'staff[0] (ref "ana").time_off[1].end: end must be after start',
      'staff[0] (ref "ana").time_off[2].end: time off lasts at most 366 days; split a longer absence into several entries',
    ]);
  });
});
