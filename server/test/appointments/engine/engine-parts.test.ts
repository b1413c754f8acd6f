import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { engineContext } from '../../../src/modules/appointments/engine/context.js';
import { firstOnGrid, isOnGrid } from '../../../src/modules/appointments/engine/grid.js';
import { IntervalSet, findContaining, normalise } from '../../../src/modules/appointments/engine/intervals.js';
import { addDays, isoWeekday, localDate, localDatesAround, localInstant, locationZone, transitionBetween } from '../../../src/modules/appointments/engine/local-time.js';
import { dayRequest, utc } from './fixtures.js';

const i = (start: number, end: number) => ({ start, end });

describe('intervals', () => {
  it('normalise sorts, drops empty ones, merges overlapping and touching ones, keeps the furthest end', () => {
    expect(normalise([i(50, 60), i(10, 20), i(20, 30), i(5, 5), i(40, 39), i(12, 15), i(55, 70), i(80, 90)])).toEqual([i(10, 30), i(50, 70), i(80, 90)]);
    expect(normalise([i(0, 100), i(10, 20)])).toEqual([i(0, 100)]);
    expect(normalise([])).toEqual([]);
  });

  it('normalise does not change the intervals it was given', () => {
    const given = [i(0, 10), i(10, 20)];
    normalise(given);
    expect(given).toEqual([i(0, 10), i(10, 20)]);
  });

  it('overlaps is half-open: touching either end is no overlap', () => {
    const set = new IntervalSet([i(10, 20), i(30, 40)]);
    const table: [number, number, boolean][] = [
      [0, 10, false],
      [0, 11, true],
      [19, 21, true],
      [20, 30, false],
      [20, 31, true],
      [39, 50, true],
      [40, 50, false],
      [12, 13, true],
      [0, 100, true],
      [25, 26, false],
    ];
    for (const [start, end, overlaps] of table) expect([start, end, set.overlaps(i(start, end))]).toEqual([start, end, overlaps]);
    expect(new IntervalSet([]).overlaps(i(0, 100))).toBe(false);
  });

  it('subtractFrom leaves what no interval of the set covers', () => {
    const set = new IntervalSet([i(10, 20), i(30, 40)]);
    expect(set.subtractFrom(i(0, 50))).toEqual([i(0, 10), i(20, 30), i(40, 50)]);
    expect(set.subtractFrom(i(15, 35))).toEqual([i(20, 30)]);
    expect(set.subtractFrom(i(10, 20))).toEqual([]);
    expect(set.subtractFrom(i(20, 30))).toEqual([i(20, 30)]);
    expect(set.subtractFrom(i(0, 10))).toEqual([i(0, 10)]);
    expect(set.subtractFrom(i(40, 45))).toEqual([i(40, 45)]);
    expect(set.subtractFrom(i(12, 18))).toEqual([]);
    expect(new IntervalSet([i(0, 5), i(5, 8)]).subtractFrom(i(0, 10))).toEqual([i(8, 10)]);
  });

  it('findContaining finds the one interval holding the whole block', () => {
    const spans = [i(10, 20), i(30, 40)];
    expect(findContaining(spans, i(10, 20))).toBe(spans[0]);
    expect(findContaining(spans, i(12, 18))).toBe(spans[0]);
    expect(findContaining(spans, i(30, 35))).toBe(spans[1]);
    expect(findContaining(spans, i(9, 15))).toBeUndefined();
    expect(findContaining(spans, i(15, 21))).toBeUndefined();
    expect(findContaining(spans, i(15, 35))).toBeUndefined();
    expect(findContaining(spans, i(20, 25))).toBeUndefined();
    expect(findContaining(spans, i(40, 41))).toBeUndefined();
    expect(findContaining([], i(0, 1))).toBeUndefined();
  });
});

describe('local time', () => {
  const newYork = locationZone('America/New_York');

  it('refuses an unknown zone with its name', () => {
    expect(() => locationZone('Mars/Olympus')).toThrow(new RangeError('unknown IANA time zone: Mars/Olympus'));
    expect(locationZone('Europe/Paris')).toBeInstanceOf(IANAZone);
  });

  it('reads local times, 24:00 as the next midnight, and refuses what is no HH:MM', () => {
    expect(localInstant(newYork, '2026-06-10', '09:30')).toBe(utc('2026-06-10T13:30:00Z'));
    expect(localInstant(newYork, '2026-06-10', '24:00')).toBe(utc('2026-06-11T04:00:00Z'));
    expect(localInstant(newYork, '2026-12-31', '24:00')).toBe(utc('2027-01-01T05:00:00Z'));
    for (const time of ['9:30', '09:3', '25:00', '0930', 'ab:cd', '09:30:00', ' 09:30']) {
      expect(() => localInstant(newYork, '2026-06-10', time)).toThrow(new RangeError(`invalid local time 2026-06-10 ${time}`));
    }
  });

  it('maps a wall time the clocks skip to the first instant after the gap', () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT (07:00Z).
    for (const time of ['02:00', '02:01', '02:30', '02:59']) expect(localInstant(newYork, '2026-03-08', time)).toBe(utc('2026-03-08T07:00:00Z'));
    expect(localInstant(newYork, '2026-03-08', '01:59')).toBe(utc('2026-03-08T06:59:00Z'));
    expect(localInstant(newYork, '2026-03-08', '03:00')).toBe(utc('2026-03-08T07:00:00Z'));
    expect(localInstant(newYork, '2026-03-08', '03:01')).toBe(utc('2026-03-08T07:01:00Z'));
  });

  it('finds a transition to the millisecond', () => {
    const change = utc('2026-03-08T07:00:00Z');
    expect(transitionBetween(newYork, change - 3_600_000, change + 3_600_000)).toBe(change);
    expect(transitionBetween(newYork, change - 1, change)).toBe(change);
    expect(transitionBetween(newYork, change - 2, change + 5)).toBe(change);
  });

  it('counts dates and weekdays on the calendar', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(['2026-06-08', '2026-06-09', '2026-06-13', '2026-06-14'].map(isoWeekday)).toEqual([1, 2, 6, 7]);
    expect(localDate(newYork, utc('2026-06-10T03:59:00Z'))).toBe('2026-06-09');
    expect(localDate(newYork, utc('2026-06-10T04:00:00Z'))).toBe('2026-06-10');
  });

  it('looks at the local dates from the day before the first to the day after the last', () => {
    expect(localDatesAround(newYork, utc('2026-06-10T12:00:00Z'), utc('2026-06-12T03:00:00Z'))).toEqual(['2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12']);
    expect(localDatesAround(newYork, utc('2026-06-10T12:00:00Z'), utc('2026-06-10T12:00:00Z'))).toEqual(['2026-06-09', '2026-06-10', '2026-06-11']);
  });
});

describe('grid', () => {
  const utcZone = locationZone('UTC');
  const minute = 60_000;
  const day = utc('2026-06-10T00:00:00Z');

  it('rounds up to the next mark since local midnight, an instant on a mark stays', () => {
    expect(firstOnGrid(utcZone, day + 9 * 60 * minute, 15 * minute)).toBe(day + 9 * 60 * minute);
    expect(firstOnGrid(utcZone, day + 9 * 60 * minute + 1, 15 * minute)).toBe(day + 9 * 60 * minute + 15 * minute);
    expect(firstOnGrid(utcZone, day + 9 * 60 * minute - 1, 15 * minute)).toBe(day + 9 * 60 * minute);
  });

  it('restarts the marks at midnight when the step does not divide a day', () => {
    // 25-minute marks: … 23:45, then 00:00 of the next day (not 00:10).
    expect(firstOnGrid(utcZone, day + (23 * 60 + 45) * minute, 25 * minute)).toBe(day + (23 * 60 + 45) * minute);
    expect(firstOnGrid(utcZone, day + (23 * 60 + 46) * minute, 25 * minute)).toBe(day + 24 * 60 * minute);
  });

  it('a start is on the grid from the span grid start, in whole steps', () => {
    const span = { start: 0, end: 1000, gridStart: 100 };
    expect(isOnGrid(span, 100, 50)).toBe(true);
    expect(isOnGrid(span, 250, 50)).toBe(true);
    expect(isOnGrid(span, 50, 50)).toBe(false);
    expect(isOnGrid(span, 99, 50)).toBe(false);
    expect(isOnGrid(span, 125, 50)).toBe(false);
  });
});

describe('engine context', () => {
  it('refuses a step or duration that is not positive, naming the value', () => {
    const request = dayRequest('UTC', '2026-06-10');
    for (const bad of [0, -15, Number.NaN]) {
      expect(() => engineContext({ ...request, intervalMinutes: bad })).toThrow(new RangeError(`intervalMinutes must be positive, got ${bad}`));
      expect(() => engineContext({ ...request, durationMinutes: bad })).toThrow(new RangeError(`durationMinutes must be positive, got ${bad}`));
    }
    expect(engineContext({ ...request, intervalMinutes: 1, durationMinutes: 1 }).stepMs).toBe(60_000);
  });

  it('turns minutes and days into milliseconds from now', () => {
    const request = { ...dayRequest('UTC', '2026-06-10'), now: 1_000, minNoticeMinutes: 2, horizonDays: 3, durationMinutes: 4, bufferBeforeMinutes: 5, bufferAfterMinutes: 6, intervalMinutes: 7 };
    const context = engineContext(request);
    expect({ ...context, zone: undefined, instantOf: undefined, gridStartFrom: undefined, roomBusy: undefined }).toEqual({
      zone: undefined,
      now: 1_000,
      earliestStart: 1_000 + 120_000,
      latestStart: 1_000 + 3 * 86_400_000,
      durationMs: 240_000,
      bufferBeforeMs: 300_000,
      bufferAfterMs: 360_000,
      stepMs: 420_000,
      instantOf: undefined,
      gridStartFrom: undefined,
      roomBusy: undefined,
    });
    expect(engineContext({ ...request, roomBusy: null }).roomBusy).toBeNull();
    expect(context.instantOf('2026-06-10', '10:00')).toBe(utc('2026-06-10T10:00:00Z'));
    expect(context.instantOf('2026-06-10', '10:00')).toBe(utc('2026-06-10T10:00:00Z'));
    expect(context.instantOf('2026-06-11', '10:00')).toBe(utc('2026-06-11T10:00:00Z'));
    expect(context.instantOf('2026-06-10', '10:30')).toBe(utc('2026-06-10T10:30:00Z'));
  });
});
