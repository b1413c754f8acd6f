import { describe, expect, it } from 'vitest';
import { classStartInUtc, storedInstant, weeklyStartsInUtc } from '../../src/modules/classes/class-times.js';

describe('class times', () => {
  it('expands a weekly series in the local zone, so the UTC hour moves at a DST change', () => {
    const starts = weeklyStartsInUtc({ weekdays: [7, 2], start_time: '07:00', starts_on: '2026-10-25', ends_on: '2026-11-03' }, 'America/New_York');
    // US clocks go back on Sunday 1 November 2026.
    expect(starts.map(storedInstant)).toEqual(['2026-10-25T11:00:00.000Z', '2026-10-27T11:00:00.000Z', '2026-11-01T12:00:00.000Z', '2026-11-03T12:00:00.000Z']);
  });

  it('reads a wall-clock start in the zone and an offset start as given', () => {
    const local = classStartInUtc('2026-07-01T09:30', 'Europe/London');
    expect(local.ok && storedInstant(local.utc)).toBe('2026-07-01T08:30:00.000Z');
    const offset = classStartInUtc('2026-07-01T09:30:00-04:00', 'Europe/London');
    expect(offset.ok && storedInstant(offset.utc)).toBe('2026-07-01T13:30:00.000Z');
  });

  it('refuses a one-off wall-clock start inside the spring-forward gap', () => {
    expect(classStartInUtc('2026-03-29T01:30', 'Europe/London')).toEqual({
      ok: false,
      message: 'start 2026-03-29T01:30 does not exist in Europe/London: the clocks skip it',
    });
  });
});
