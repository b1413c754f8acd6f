import { describe, expect, it } from 'vitest';
import { isRepeatable, parseRetryAfterMs, retryDelayMs, type RetryPolicy } from '../../src/client/retry.js';

const policy = (random: number): RetryPolicy => ({ retries: 5, baseDelayMs: 100, maxDelayMs: 1_000, random: () => random });

describe('isRepeatable', () => {
  it('repeats idempotent methods and keyed requests, never an un-keyed POST or PATCH', () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE'] as const) expect(isRepeatable(method, undefined)).toBe(true);
    expect(isRepeatable('POST', undefined)).toBe(false);
    expect(isRepeatable('PATCH', undefined)).toBe(false);
    expect(isRepeatable('POST', 'key-1')).toBe(true);
  });
});

describe('retryDelayMs', () => {
  it('draws a uniform wait under a ceiling that doubles per retry', () => {
    expect(retryDelayMs(0, undefined, policy(0.999))).toBeCloseTo(99.9);
    expect(retryDelayMs(2, undefined, policy(0.5))).toBe(200);
    expect(retryDelayMs(0, undefined, policy(0))).toBe(0);
  });

  it('never exceeds the maximum', () => {
    expect(retryDelayMs(20, undefined, policy(0.999))).toBeLessThan(1_000);
  });

  it('waits at least Retry-After', () => {
    expect(retryDelayMs(0, 700, policy(0.1))).toBe(700);
    expect(retryDelayMs(3, 0, policy(0.5))).toBe(400);
  });

  it('gives up rather than retry sooner than a Retry-After beyond the maximum', () => {
    expect(retryDelayMs(0, 30_000, policy(0.5))).toBeUndefined();
  });
});

describe('parseRetryAfterMs', () => {
  it('reads whole seconds and ignores anything else', () => {
    expect(parseRetryAfterMs('2')).toBe(2_000);
    expect(parseRetryAfterMs(['0'])).toBe(0);
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
    expect(parseRetryAfterMs('soon')).toBeUndefined();
    expect(parseRetryAfterMs('-1')).toBeUndefined();
  });
});
