import { describe, expect, it } from 'vitest';
import { nextAttemptAt, retryWindowMs } from '../../../src/modules/webhooks/delivery/retry-schedule.js';

const created = Date.parse('2026-11-20T09:00:00.000Z');
const minute = 60_000;

/** Every attempt's time, from the first at creation to the one that gives up. */
function schedule(random: () => number): number[] {
  const times = [created];
  for (let failed = 1; ; failed++) {
    const next = nextAttemptAt(created, times.at(-1)!, failed, random);
    if (next === null) return times;
    times.push(next);
  }
}

describe('the webhook retry schedule', () => {
  it('doubles from 30 s up to 6 hours, each wait shortened by up to 20 % of jitter', () => {
    const waits = (random: () => number) => [1, 2, 3, 4, 10, 11, 30].map((failed) => nextAttemptAt(created, created, failed, random)! - created);
    expect(waits(() => 0)).toEqual([0.5 * minute, minute, 2 * minute, 4 * minute, 256 * minute, 360 * minute, 360 * minute]);
    expect(waits(() => 0.999999)).toEqual([24_000, 48_000, 96_000, 192_000, 12_288_000, 17_280_000, 17_280_000].map((ms) => expect.closeTo(ms, -1)));
  });

  it('starts from a shorter first wait when one is configured (a drill), doubling the same way', () => {
    const waits = [1, 2, 3].map((failed) => nextAttemptAt(created, created, failed, () => 0, 500)! - created);
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('tries for three days, the last attempt at the end of the window, then gives up', () => {
    // Attempts in all: 22 without jitter, 25 with the most.
    for (const [random, attempts] of [
      [0, 22],
      [0.5, 23],
      [0.999, 25],
    ] as const) {
      const times = schedule(() => random);
      expect(times.at(-1)).toBe(created + retryWindowMs);
      expect(times).toHaveLength(attempts);
      expect(times.every((time, index) => index === 0 || time > times[index - 1]!)).toBe(true);
    }
    expect(nextAttemptAt(created, created + retryWindowMs, 40, () => 0)).toBeNull();
  });
});
