import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { runStudio } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { demo, insertDemoBooking } from '../helpers/demo-bookings.js';

/** The CLI for staff schedules, rooms and booking outcomes, each command run as a real process (about 1 s each). */
describe.each(dialects)('the schedule CLI on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let dir: string;
  beforeAll(async () => {
    await seedDemo(suite.db);
    dir = mkdtempSync(join(tmpdir(), 'studio-schedule-cli-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  const studio = (...args: string[]) => runStudio(suite.url, args);
  const printed = async (...args: string[]) => {
    const outcome = await studio(...args);
    expect(outcome.stderr).toBe('');
    return JSON.parse(outcome.stdout);
  };

  it('replaces weekly hours, overrides a date and clears it, adds and removes time off', async () => {
    const file = join(dir, 'hours.json');
    writeFileSync(
      file,
      JSON.stringify({
        tuesday: [
          { start: '14:00', end: '19:00' },
          { start: '09:00', end: '13:00' },
        ],
        saturday: [{ start: '09:00', end: '15:00' }],
      }),
    );
    expect(await printed('staff', 'hours', demo.priya, '--location', demo.brooklyn, '--file', file)).toEqual({
      monday: [],
      tuesday: [
        { start: '09:00', end: '13:00' },
        { start: '14:00', end: '19:00' },
      ],
      wednesday: [],
      thursday: [],
      friday: [],
      saturday: [{ start: '09:00', end: '15:00' }],
      sunday: [],
    });

    const override = ['staff', 'override', demo.priya, '--location', demo.brooklyn, '--date', '2026-05-05'];
    expect(await printed(...override, '--span', '14:00-18:00', '--span', '09:00-13:00')).toEqual({
      staff_id: demo.priya,
      location_id: demo.brooklyn,
      date: '2026-05-05',
      day_off: false,
      spans: [
        { start: '09:00', end: '13:00' },
        { start: '14:00', end: '18:00' },
      ],
    });
    const overrideRows = () => suite.db.all(suite.db.qb.selectFrom('staff_overrides').select('start_time').where('staff_id', '=', demo.priya).where('date', '=', '2026-05-05'));
    expect(await overrideRows()).toHaveLength(2);
    expect(await printed(...override, '--clear')).toEqual({ staff_id: demo.priya, location_id: demo.brooklyn, date: '2026-05-05', removed: true });
    expect(await overrideRows()).toEqual([]);

    const added = await printed('staff', 'time-off', demo.priya, '--from', '2026-08-03T09:00:00-04:00', '--to', '2026-08-04T09:00:00-04:00', '--reason', 'Dentist');
    expect(added).toEqual({ id: expect.any(String), staff_id: demo.priya, start_at: '2026-08-03T13:00:00.000Z', end_at: '2026-08-04T13:00:00.000Z', reason: 'Dentist' });
    expect(await printed('staff', 'time-off-remove', added.id)).toEqual(added);
    expect(await suite.db.first(suite.db.qb.selectFrom('staff_time_off').select('id').where('id', '=', added.id))).toBeUndefined();
  });

  it('creates a room, marks a past booking completed, and refuses a cancelled one in one line', async () => {
    const room = await printed('rooms', 'create', '--location', demo.london, '--name', 'Treatment Room 2');
    expect(room).toEqual({ id: expect.any(String), company_id: demoCompanyId, location_id: demo.london, name: 'Treatment Room 2', created_at: expect.any(String) });

    const past = await insertDemoBooking(suite.db, '2025-06-03T15:00:00.000Z', 'booked');
    expect(await printed('bookings', 'set-status', past, 'completed')).toEqual({ id: past, status: 'completed', updated_at: expect.any(String) });
    const cancelled = await insertDemoBooking(suite.db, '2025-06-04T15:00:00.000Z', 'cancelled');
    expect(await studio('bookings', 'set-status', cancelled, 'no_show')).toEqual({
      code: 1,
      stdout: '',
      stderr: `studio: Booking ${cancelled} is cancelled; a cancelled booking cannot be marked no_show.\n`,
    });
  });
});
