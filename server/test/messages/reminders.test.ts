import { openDatabase } from '@studio/server/src/db/dialects/open.js';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { toIso } from '../../src/clock/time.js';
import type { Db } from '../../src/db/types.js';
import { queueDueReminders } from '../../src/modules/messages/reminders-due.js';
import { setClassReminders } from '../../src/modules/messages/preferences.js';
import { handClock, newMember, newPlace } from './fixture.js';
import { book, newClass, remindersAt, setLocationSettings } from './reminder-fixture.js';

const minute = 60_000;
const hour = 60 * minute;
const local = (zone: string, wall: string) => DateTime.fromISO(wall, { zone }).toUTC().toISO()!;

/**
 * Classes on the days clocks change and across month ends, in the location's zone. The clock is
 * swept in 5-minute steps as the scheduler's timer would move it; each spot's reminder must come
 * once, at the first pass at or after `start - reminder_hours_before`.
 */
const sweeps = [
  {
    zone: 'Europe/Berlin',
    country: 'DE',
    hours: 2,
    from: '2026-10-24T18:00:00Z',
    to: '2026-10-25T08:00:00Z',
    // The night the clocks go back (03:00 CEST is 02:00 CET): 02:30 happens twice, luxon takes the first.
    walls: ['2026-10-25T00:30', '2026-10-25T02:30', '2026-10-25T03:30', '2026-10-25T05:00'],
  },
  {
    zone: 'America/New_York',
    country: 'US',
    hours: 3,
    from: '2026-10-31T20:00:00Z',
    to: '2026-11-01T12:00:00Z',
    // The last evening of October and the night the clocks go back, in one sweep.
    walls: ['2026-10-31T23:30', '2026-11-01T00:30', '2026-11-01T01:30', '2026-11-01T03:00'],
  },
  {
    zone: 'Europe/Berlin',
    country: 'DE',
    hours: 1,
    from: '2027-03-27T20:00:00Z',
    to: '2027-03-28T06:00:00Z',
    // The night the clocks go forward (02:00 to 03:00), the end of March the day after.
    walls: ['2027-03-28T01:30', '2027-03-28T03:00', '2027-03-28T03:30', '2027-03-28T06:00'],
  },
  {
    zone: 'Australia/Sydney',
    country: 'AU',
    hours: 2,
    from: '2027-02-28T08:00:00Z',
    to: '2027-02-28T16:00:00Z',
    // The end of February (no 29th in 2027) at midnight, in a zone east of UTC.
    walls: ['2027-02-28T23:30', '2027-03-01T00:00', '2027-03-01T01:15'],
  },
];

describe.each(dialects)('class reminders (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const opened: Db[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
  });

  it.each(sweeps)('come once, $hours h before each class, in $zone from $from', async (sweep) => {
    const clock = handClock(sweep.from);
    const place = await newPlace(suite.db, clock, { timezone: sweep.zone, country: sweep.country });
    await setLocationSettings(suite.db, place, { classes: { reminder_hours_before: sweep.hours }, branding: { language: sweep.country === 'DE' ? 'de' : 'en' } });
    const spots = [];
    for (const wall of sweep.walls) {
      const start = local(sweep.zone, wall);
      const member = await newMember(suite.db, place, clock);
      spots.push({ start: toIso(Date.parse(start)), contact: member.id });
      await book(suite.db, place, clock, await newClass(suite.db, place, clock, start), member.id);
    }
    // Not reminded: a cancelled spot, a spot in a cancelled class, a member who turned reminders off.
    const quiet = await newMember(suite.db, place, clock);
    const middle = local(sweep.zone, sweep.walls[1]!);
    await book(suite.db, place, clock, await newClass(suite.db, place, clock, middle), quiet.id, 'cancelled');
    await book(suite.db, place, clock, await newClass(suite.db, place, clock, middle, 'cancelled'), quiet.id);
    const off = await newMember(suite.db, place, clock);
    await setClassReminders(suite.db, suite.db, { id: off.id, companyId: place.companyId }, false, 'member', clock.now);
    await book(suite.db, place, clock, await newClass(suite.db, place, clock, middle), off.id);

    for (let now = Date.parse(sweep.from); now <= Date.parse(sweep.to); now += 5 * minute) {
      clock.set(now);
      await queueDueReminders(suite.db, clock.now);
    }

    const reminders = await remindersAt(suite.db, place);
    expect(reminders.map((reminder) => reminder.contact_id).sort()).toEqual(spots.map((spot) => spot.contact).sort());
    for (const spot of spots) {
      const reminder = reminders.find((row) => row.contact_id === spot.contact)!;
      expect(reminder.start_at).toBe(spot.start);
      const lead = Date.parse(spot.start) - Date.parse(reminder.created_at);
      expect(lead, `${spot.start} reminded at ${reminder.created_at}`).toBeLessThanOrEqual(sweep.hours * hour);
      expect(lead).toBeGreaterThan(sweep.hours * hour - 5 * minute);
      expect(reminder.language).toBe(sweep.country === 'DE' ? 'de' : 'en');
    }
  });

  it('a booking made inside the window is reminded at the next pass; none for a class already begun', async () => {
    const clock = handClock('2026-11-20T09:00:00.000Z');
    const place = await newPlace(suite.db, clock);
    const soon = await newMember(suite.db, place, clock);
    const late = await newMember(suite.db, place, clock);
    await book(suite.db, place, clock, await newClass(suite.db, place, clock, '2026-11-20T09:45:00.000Z'), soon.id);
    await book(suite.db, place, clock, await newClass(suite.db, place, clock, '2026-11-20T09:00:00.000Z'), late.id);
    await queueDueReminders(suite.db, clock.now);
    expect((await remindersAt(suite.db, place)).map((row) => [row.contact_id, row.created_at])).toEqual([[soon.id, '2026-11-20T09:00:00.000Z']]);
  });

  it('two schedulers on one database, and one restarted, queue each reminder once', async () => {
    const clock = handClock('2026-11-20T09:00:00.000Z');
    const place = await newPlace(suite.db, clock);
    const members = [];
    for (let n = 0; n < 16; n++) {
      const member = await newMember(suite.db, place, clock, `M${n}`);
      members.push(member.id);
      await book(suite.db, place, clock, await newClass(suite.db, place, clock, toIso(clock.now() + hour + n * minute)), member.id);
    }
    const second = await openDatabase(suite.url);
    opened.push(second);
    const passes = await Promise.all([queueDueReminders(suite.db, clock.now), queueDueReminders(second, clock.now), queueDueReminders(suite.db, clock.now), queueDueReminders(second, clock.now)]);
    expect(passes.reduce((sum, pass) => sum + pass.queued, 0)).toBe(16);
    // A process started afresh finds every spot's reminder made.
    const restarted = await openDatabase(suite.url);
    opened.push(restarted);
    clock.advance(5 * minute);
    expect(await queueDueReminders(restarted, clock.now)).toEqual({ queued: 0, skipped: 0 });
    expect((await remindersAt(suite.db, place)).map((row) => row.contact_id).sort()).toEqual([...members].sort());
  });
});
