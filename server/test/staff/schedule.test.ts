import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCompanyId, seedDemo } from '../../src/modules/setup/demo.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { clearOverride, replaceOverride, replaceWeeklyHours, weeklyHours } from '../../src/modules/staff/schedule.js';
import { demo } from '../helpers/demo-bookings.js';
import { systemActor } from '../../src/domain/actor.js';

/** The demo business, as the CLI acts for it. */
const business = systemActor(demoCompanyId, 'test');

describe.each(dialects)('staff schedules on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  beforeAll(async () => {
    await seedDemo(suite.db);
  });

  const rows = (date: string) =>
    suite.db.all(suite.db.qb.selectFrom('staff_overrides').select(['start_time', 'end_time']).where('staff_id', '=', demo.priya).where('date', '=', date).orderBy('start_time'));

  it('keeps one override per date: a day off is one row without times, and a new override replaces it', async () => {
    expect(await replaceOverride(suite.db, business, demo.priya, demo.brooklyn, '2026-06-02', [])).toMatchObject({ day_off: true, spans: [] });
    expect(await rows('2026-06-02')).toEqual([{ start_time: null, end_time: null }]);
    await replaceOverride(suite.db, business, demo.priya, demo.brooklyn, '2026-06-02', [{ start: '12:00', end: '16:00' }]);
    expect(await rows('2026-06-02')).toEqual([{ start_time: '12:00', end_time: '16:00' }]);
    expect(await clearOverride(suite.db, business, demo.priya, demo.brooklyn, '2026-06-02')).toMatchObject({ removed: true });
    expect(await clearOverride(suite.db, business, demo.priya, demo.brooklyn, '2026-06-02')).toMatchObject({ removed: false });
  });

  it('reads the demo day off, and replaces weekly hours at one location only', async () => {
    expect(await rows('2026-11-26')).toEqual([{ start_time: null, end_time: null }]);
    const london = await replaceWeeklyHours(suite.db, business, demo.priya, demo.london, { monday: [{ start: '10:00', end: '14:00' }] });
    expect(london.monday).toEqual([{ start: '10:00', end: '14:00' }]);
    // Her Brooklyn week is untouched.
    expect((await weeklyHours(suite.db, business, demo.priya, demo.brooklyn)).tuesday).toEqual([{ start: '10:00', end: '18:00' }]);
  });

  it('refuses a location or staff member of another company as missing', async () => {
    const other = await importBusiness(suite.db, {
      version: 1,
      company: { name: 'Elm Spa' },
      locations: [{ ref: 'main', name: 'Elm', slug: 'elm', timezone: 'Europe/Dublin', country: 'IE' }],
      staff: [{ ref: 'eve', first_name: 'Eve' }],
    });
    const elsewhere = other.ids.locations!.main!;
    await expect(replaceOverride(suite.db, business, demo.priya, elsewhere, '2026-06-03', [])).rejects.toMatchObject({ code: 'resource_missing', param: 'location' });
    await expect(weeklyHours(suite.db, business, other.ids.staff!.eve!, demo.brooklyn)).rejects.toMatchObject({ code: 'resource_missing', param: 'staff' });
  });
});
