import type { KioskClass } from '@studio/shared/kiosk';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { CachedClass } from '../../src/kiosk/store/timetable-cache.js';
import { classForScan, openForCheckIn, shownOnKiosk, timetableQuery } from '../../src/kiosk/timetable-window.js';

const minute = 60_000;
const horizonHours = 3;
const opensMin = 30;

const cls = (id: string, startMs: number, minutes: number, roster: string[] = []): CachedClass => ({
  class: {
    id,
    name: id,
    instructor: null,
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + minutes * minute).toISOString(),
    capacity: 10,
    booked: roster.length,
    spots_left: 10 - roster.length,
    status: 'scheduled' as KioskClass['status'],
  },
  roster: roster.map((contact_id) => ({ contact_id, display_name: 'X', status: 'reserved' as const })),
  syncedAt: new Date(startMs).toISOString(),
});

/** Every local hour of the week starting on `monday` in `zone`, at hh:mm (168 of them; a skipped hour moves on, as the clocks do). */
function hoursOfWeek(monday: string, zone: string, minuteOfHour: number): DateTime[] {
  const start = DateTime.fromISO(`${monday}T00:00`, { zone });
  return Array.from({ length: 168 }, (_, h) => start.plus({ days: Math.floor(h / 24) }).set({ hour: h % 24, minute: minuteOfHour }));
}

/**
 * The kiosk's window at every hour of a week, the injected now placed in weeks with a DST change
 * in each zone: the demo's shape of classes around now (one just ended, one running, the next
 * ones at +10, +70 and +150 minutes, one at +5 hours) is shown, opened and asked for alike at
 * any hour, and the server query always covers what the kiosk shows.
 */
describe.each([
  ['America/New_York', '2027-03-08'],
  ['America/New_York', '2027-11-01'],
  ['Europe/London', '2027-03-22'],
  ['Australia/Sydney', '2027-03-29'],
])('the kiosk timetable window at every hour of the week, %s from %s', (zone, monday) => {
  it.each([0, 40])('at hh:%i', (minuteOfHour) => {
    const problems: string[] = [];
    for (const hour of hoursOfWeek(monday, zone, minuteOfHour)) {
      const now = new Date(hour.toMillis());
      const t = now.getTime();
      const ended = cls('ended', t - 61 * minute, 60);
      const running = cls('running', t - 40 * minute, 60, ['ann']);
      const next = [cls('in-10', t + 10 * minute, 60, ['bob']), cls('in-70', t + 70 * minute, 45), cls('in-150', t + 150 * minute, 45)];
      const later = cls('in-5h', t + 300 * minute, 60);
      const all = [ended, running, ...next, later];
      const say = (what: string) => problems.push(`${hour.toFormat('ccc HH:mm')}: ${what}`);

      const shown = all.filter((c) => shownOnKiosk(c.class, now, zone, horizonHours)).map((c) => c.class.id);
      const laterSameDay = hour.plus({ minutes: 300 }).toISODate() === hour.toISODate();
      const expected = ['running', 'in-10', 'in-70', 'in-150', ...(laterSameDay ? ['in-5h'] : [])];
      if (shown.join() !== expected.join()) say(`shown ${shown.join()} instead of ${expected.join()}`);

      const open = openForCheckIn(all, now, opensMin).map((c) => c.class.id);
      if (open.join() !== 'running,in-10') say(`open ${open.join()}`);
      if (classForScan(openForCheckIn(all, now, opensMin), 'ann', now)?.class.id !== 'running') say('ann not sent to her running class');
      if (classForScan(openForCheckIn(all, now, opensMin), 'walk-in', now)?.class.id !== 'in-10') say('a walk-in not sent to the next class');

      // The server is asked for whole local days: every class shown must start inside them.
      const query = timetableQuery(now, zone, horizonHours);
      for (const c of all.filter((candidate) => shown.includes(candidate.class.id))) {
        const day = DateTime.fromISO(c.class.start, { zone }).toISODate()!;
        if (!(query.from <= day && day < query.to)) say(`${c.class.id} on ${day} outside the query ${query.from}..${query.to}`);
      }
      if (query.from > hour.toISODate()!) say(`query from ${query.from}, after the local date`);
    }
    expect(problems).toEqual([]);
  });
});
