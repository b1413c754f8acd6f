import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { localClock } from '../../src/eligibility/local-clock.js';

describe('localClock', () => {
  it('agrees with a direct conversion across zones, half-hour offsets and DST changes', () => {
    const zones = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'];
    // Around the US and EU changes of 2027, and a spread of ordinary instants.
    const instants = [
      ...Array.from({ length: 240 }, (_, i) => Date.UTC(2027, 2, 14, 5, 0) + i * 60_000 + 59_999),
      ...Array.from({ length: 240 }, (_, i) => Date.UTC(2027, 9, 31, 0, 0) + i * 60_000),
      ...Array.from({ length: 500 }, (_, i) => Date.UTC(2026, 0, 1) + i * 7_919_993),
    ];
    for (const zone of zones) {
      for (const ms of instants) {
        const direct = DateTime.fromMillis(ms, { zone });
        expect(localClock(zone, new Date(ms))).toEqual({ date: direct.toISODate(), weekday: direct.weekday, time: direct.toFormat('HH:mm') });
      }
    }
  });
});
