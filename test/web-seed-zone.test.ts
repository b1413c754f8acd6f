import { zoneNearNoon } from '@studio/testkit/web/seed-business';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';

/** Every quarter hour of the weeks given, in UTC. */
function quarterHours(startIso: string, days: number): Date[] {
  const start = Date.parse(startIso);
  return Array.from({ length: days * 96 }, (_, i) => new Date(start + i * 15 * 60_000));
}

describe('the web tests’ studio zone', () => {
  // The weeks of both EU and US clock changes, a year end, and years ahead.
  const weeks = ['2026-03-07T00:00:00Z', '2026-03-26T00:00:00Z', '2026-10-22T00:00:00Z', '2026-10-30T00:00:00Z', '2027-12-28T00:00:00Z', '2031-06-01T00:00:00Z', '2040-02-26T00:00:00Z'];

  it.each(weeks)('keeps local time within 90 minutes of noon, every quarter hour of the week from %s', (week) => {
    for (const now of quarterHours(week, 7)) {
      const local = DateTime.fromJSDate(now, { zone: zoneNearNoon(now) });
      const fromNoon = Math.abs(local.hour + local.minute / 60 - 12);
      expect(fromNoon, `${now.toISOString()} in ${zoneNearNoon(now)}`).toBeLessThanOrEqual(1.5);
    }
  });
});
