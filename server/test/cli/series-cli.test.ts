import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/modules/setup/demo.js';
import { demo } from '../helpers/demo-bookings.js';

const spin = 'c883dd63-625c-5dae-88dc-6e1b0c1123db';
const diego = '14ba0edc-3ba0-56a8-9c66-f3f02056b61e';
const emma = '0671b535-f5a3-5709-9b25-f710e90958d2';
const zone = 'America/New_York';

/**
 * `studio series` and the timetable side of `studio classes`, each a real process on the real clock:
 * dates are days from today at the demo's Brooklyn studio, so the counts hold whatever day it runs.
 */
describe.each(dialects)('the series and class timetable CLI on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  beforeAll(async () => {
    await seedDemo(suite.db);
  });
  const studio = (...args: string[]) => runStudio(suite.url, args);
  const printed = async (...args: string[]) => {
    const outcome = await studio(...args);
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    return JSON.parse(outcome.stdout);
  };
  const day = (days: number) => DateTime.now().setZone(zone).plus({ days }).toISODate()!;
  const daysBetween = (from: string, to: string) => DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days + 1;

  it('creates a daily series, extends it past a year, previews and applies an edit, ends it, and lists it', async () => {
    const created = await printed(
      'series',
      'create',
      '--location',
      'brooklyn',
      '--service',
      spin,
      '--weekdays',
      '1,2,3,4,5,6,7',
      '--start-time',
      '06:30',
      '--capacity',
      '8',
      '--starts-on',
      day(1),
      '--ends-on',
      day(30),
      '--instructor',
      diego,
    );
    expect(created).toMatchObject({ location_id: demo.brooklyn, start_time: '06:30', capacity: 8, staff_id: diego, classes_created: 30 });

    const extended = await printed('series', 'extend', created.id, '--ends-on', day(400));
    expect(extended).toMatchObject({ dry_run: false, classes_created: daysBetween(day(31), day(400)), series: { ends_on: day(400) } });

    const preview = await printed('series', 'update', created.id, '--capacity', '10', '--dry-run');
    expect(preview).toMatchObject({ dry_run: true, sessions: 400, bookings: 0, kept: [], series: { capacity: 8 } });
    expect(await printed('series', 'update', created.id, '--capacity', '10', '--instructor', 'none')).toMatchObject({ dry_run: false, sessions: 400, series: { capacity: 10, staff_id: null } });

    expect(await printed('series', 'end', created.id, '--from', day(11))).toMatchObject({ removed: 390, cancelled: 0, series: { ends_on: day(10), upcoming_classes: 10 } });
    const listed = await printed('series', 'list', '--location', demo.brooklyn);
    expect(listed.map((row: { id: string }) => row.id)).toContain(created.id);

    const tooLong = await studio('series', 'extend', created.id, '--ends-on', day(2000));
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toMatch(/^studio: A series may run at most 5 years/);
    expect(
      (await studio('series', 'create', '--location', 'brooklyn', '--service', spin, '--weekdays', '8', '--start-time', '06:30', '--capacity', '8', '--starts-on', day(1), '--ends-on', day(3))).stderr,
    ).toContain('expected ISO weekdays');
  });

  it('creates a one-off class, lists it, books a contact without entitlement, checks her in and shows the roster', async () => {
    const start = DateTime.now().setZone(zone).plus({ minutes: 10 }).startOf('minute');
    const cls = await printed('classes', 'create', '--location', 'brooklyn', '--service', spin, '--start', start.toISO()!, '--capacity', '3', '--duration', '30');
    expect(cls).toMatchObject({ location_id: demo.brooklyn, capacity: 3, status: 'scheduled', start: start.toUTC().toISO() });

    const list = await printed('classes', 'list', '--location', 'brooklyn', '--from', start.toISODate()!, '--to', start.toISODate()!);
    expect(list.data.map((row: { id: string }) => row.id)).toContain(cls.id);

    expect(await printed('classes', 'book', cls.id, emma, '--allow-without-entitlement')).toMatchObject({ contact_id: emma, status: 'reserved', already_booked: false });
    expect(await printed('classes', 'check-in', cls.id, emma)).toMatchObject({ contact_id: emma, status: 'checked_in' });
    const roster = await printed('classes', 'roster', cls.id);
    expect(roster).toMatchObject({ id: cls.id, booked: 1, roster: [{ contact_id: emma, status: 'checked_in', source: 'api' }] });

    const past = await studio('classes', 'create', '--location', 'brooklyn', '--service', spin, '--start', '2020-01-01T10:00', '--capacity', '3');
    expect(past.code).toBe(1);
    expect(past.stderr).toBe('studio: That start has already passed; choose a later time.\n');
  });
});
