import { describe, expect, it } from 'vitest';
import { FullJitterBackoff, defaultBackoff } from '../../../src/devices/supervision/backoff.js';

describe('FullJitterBackoff', () => {
  it('doubles the window from the 500 ms base up to the 30 s cap (random at its top)', () => {
    const backoff = new FullJitterBackoff(defaultBackoff, () => 1);
    const delays = Array.from({ length: 9 }, () => backoff.next());
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('draws each delay uniformly from [0, window): full jitter', () => {
    const draws = [0, 0.5, 0.25, 0.999];
    const backoff = new FullJitterBackoff(defaultBackoff, () => draws.shift() ?? 0);
    expect([backoff.next(), backoff.next(), backoff.next(), backoff.next()]).toEqual([0, 500, 500, 3996]);
  });

  it('stays within [0, min(cap, base * 2^n)] for real random draws', () => {
    const backoff = new FullJitterBackoff({ baseMs: 500, capMs: 30_000 }, Math.random);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const delay = backoff.next();
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(Math.min(30_000, 500 * 2 ** attempt));
    }
  });

  it('starts again from the base after reset()', () => {
    const backoff = new FullJitterBackoff(defaultBackoff, () => 1);
    backoff.next();
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toBe(500);
  });
});
