import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { weeklyStartsInUtc } from '../../src/modules/classes/class-times.js';
import { wallClockToUtc } from '../../src/modules/classes/zone-offsets.js';

const wallFormat = "yyyy-MM-dd'T'HH:mm";
/** Zones with summer time both ways of the equator, a half-hour summer time, Ramadan pauses, a skipped day and none at all. */
const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'Africa/Casablanca', 'Asia/Gaza', 'Pacific/Apia', 'Asia/Kolkata', 'UTC'];
const times = ['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '07:15', '23:59'];

/**
 * What Luxon reads for a wall-clock time, the earlier instant where the clocks pass it twice (Luxon's
 * own pick there depends on the current date, which no test may).
 */
function luxonReading(zone: string, wall: string): number {
  const read = DateTime.fromISO(wall, { zone }).toMillis();
  for (const back of [120, 60, 30]) {
    if (DateTime.fromMillis(read - back * 60_000, { zone }).toFormat(wallFormat) === wall) return read - back * 60_000;
  }
  return read;
}

describe('wall-clock times in a zone, without a DateTime per class', () => {
  it('reads every time of five years as Luxon does: each day around a change of offset, and every tenth', () => {
    const firstDay = Date.UTC(2026, 0, 1);
    const dayOf = (index: number) => new Date(firstDay + index * 86_400_000).toISOString().slice(0, 10);
    for (const zone of zones) {
      const noonOffset = (index: number) => DateTime.fromMillis(firstDay + index * 86_400_000 + 43_200_000, { zone }).offset;
      const checked = Array.from({ length: 1826 }, (_, index) => index).filter((index) => index % 10 === 0 || noonOffset(index - 1) !== noonOffset(index + 1));
      for (const time of times) {
        const starts = weeklyStartsInUtc({ weekdays: [1, 2, 3, 4, 5, 6, 7], start_time: time, starts_on: '2026-01-01', ends_on: '2030-12-31' }, zone);
        expect(starts).toHaveLength(1826);
        const differing = checked.flatMap((index) =>
          starts[index] === luxonReading(zone, `${dayOf(index)}T${time}`) ? [] : [`${zone} ${dayOf(index)}T${time}: ${new Date(starts[index]!).toISOString()}`],
        );
        expect(differing).toEqual([]);
      }
    }
  });

  it('takes the earlier instant of a time passed twice, and moves a skipped time forward', () => {
    // Berlin: back from 03:00 CEST to 02:00 CET on 25 October 2026, forward from 02:00 to 03:00 on 29 March.
    expect(wallClockToUtc('Europe/Berlin', Date.UTC(2026, 9, 25, 2, 30))).toEqual({ utc: Date.UTC(2026, 9, 25, 0, 30), skipped: false });
    expect(wallClockToUtc('Europe/Berlin', Date.UTC(2026, 2, 29, 2, 30))).toEqual({ utc: Date.UTC(2026, 2, 29, 1, 30), skipped: true });
  });

  it('keeps the weekdays asked for', () => {
    const starts = weeklyStartsInUtc({ weekdays: [1, 4], start_time: '18:00', starts_on: '2026-06-01', ends_on: '2026-06-14' }, 'Europe/Berlin');
    expect(starts.map((start) => new Date(start).toISOString())).toEqual(['2026-06-01T16:00:00.000Z', '2026-06-04T16:00:00.000Z', '2026-06-08T16:00:00.000Z', '2026-06-11T16:00:00.000Z']);
  });
});
