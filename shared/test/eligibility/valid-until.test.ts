import { describe, expect, it } from 'vitest';
import { validUntil } from '../../src/eligibility/index.js';

describe('validUntil', () => {
  it('is null for a membership without an end date', () => {
    expect(validUntil(null, 'Europe/London')).toBeNull();
  });

  it.each([
    ['2026-06-30', 'UTC', '2026-07-01T00:00:00.000Z'],
    ['2026-06-30', 'America/New_York', '2026-07-01T04:00:00.000Z'],
    ['2026-01-31', 'America/New_York', '2026-02-01T05:00:00.000Z'],
    ['2026-01-31', 'Asia/Kolkata', '2026-01-31T18:30:00.000Z'],
    // The last day is the spring-forward day (23 h) and the day before it (the next midnight is EDT).
    ['2026-03-07', 'America/New_York', '2026-03-08T05:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    // Europe's fall-back day is 25 h long.
    ['2026-10-25', 'Europe/Berlin', '2026-10-25T23:00:00.000Z'],
  ])('a membership ending %s in %s is valid until %s', (endDate, zone, instant) => {
    expect(validUntil(endDate, zone)).toBe(instant);
  });
});
