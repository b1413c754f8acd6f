import type { DeviceView } from '@studio/shared/schemas/devices';
import { describe, expect, it } from 'vitest';
import { backlogWords, byAttention, cacheWords, componentWords, durationWords } from '../src/format/devices.ts';

describe("the Devices page's words", () => {
  it('says a duration at a glance', () => {
    expect([0, 45, 60, 119, 3599, 3600, 47 * 3600, 48 * 3600, 86_400 * 9].map(durationWords)).toEqual(['0 s', '45 s', '1 min', '1 min', '59 min', '1 h', '47 h', '2 d', '9 d']);
  });

  it("says the cache's age now (at the last report plus the silence since) against the allowed staleness, and when offline scans are refused", () => {
    expect(cacheWords({ synced_at: '2026-06-01T09:00:00.000Z', age_s: 300, max_age_s: 86_400, stale: false })).toBe('5 min old (allowed 24 h)');
    expect(cacheWords({ synced_at: '2026-06-01T09:00:00.000Z', age_s: 7200, max_age_s: 3600, stale: true })).toBe('2 h old (allowed 1 h): too old for offline scans');
    expect(cacheWords({ synced_at: null, age_s: null, max_age_s: 86_400, stale: true })).toBe('Never synced (allowed 24 h)');
    expect(cacheWords({ synced_at: '2026-06-01T09:00:00.000Z', age_s: 30, max_age_s: 600, stale: false }, 660)).toBe('11 min old (allowed 10 min): too old for offline scans');
  });

  it('says the backlog and what the server refused', () => {
    expect(backlogWords({ pending: 0, rejected: 0, oldest_pending_at: null })).toBe('Nothing waiting');
    expect(backlogWords({ pending: 3, rejected: 1, oldest_pending_at: '2026-06-01T09:00:00.000Z' })).toBe('3 waiting to send, 1 refused by the server');
  });

  it('names each reader and relay with its state, and what to check when it is not ok', () => {
    const base = { driver: 'lcus', since: '2026-06-01T09:00:00.000Z', last_event_at: null, reconnects: 0 } as const;
    expect(componentWords({ ...base, id: 'front', kind: 'reader', state: 'ok', last_error: null, hint: null })).toBe('Reader front: ok');
    expect(componentWords({ ...base, id: 'turnstile', kind: 'relay', state: 'down', last_error: 'ENOENT', hint: null })).toBe('Relay turnstile: down (ENOENT)');
    expect(componentWords({ ...base, id: 'front', kind: 'reader', state: 'degraded', last_error: null, hint: 'check the baud rate' })).toBe('Reader front: degraded (check the baud rate)');
  });

  it('lists the lost agents first, then the stale, then by device id', () => {
    const view = (device_id: string, state: DeviceView['state']) => ({ device_id, state }) as DeviceView;
    expect(byAttention([view('b', 'online'), view('a', 'online'), view('z', 'lost'), view('c', 'stale')]).map((d) => d.device_id)).toEqual(['z', 'c', 'a', 'b']);
  });
});
