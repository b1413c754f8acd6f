import { humanDestination, humanLogLine } from '@studio/shared/logging';
import { describe, expect, it } from 'vitest';

/** 2026-03-02 09:05:07 UTC: 10:05:07 in Berlin, 04:05:07 in New York. */
const time = Date.UTC(2026, 2, 2, 9, 5, 7);
const at = (fields: Record<string, unknown>, level = 30) => ({ level, time, pid: 1, hostname: 'box', ...fields });

describe('the human log line', () => {
  it('shows a check-in, an exit and a staff card at the lane, by the masked card only, on the box clock', () => {
    const granted = at({ event: 'gate.granted', lane: 'front', direction: 'in', credential: '3fa2e1c0', granted: true, reason: null, offline: false, staff: false, msg: 'granted' });
    expect(humanLogLine(granted, 'Europe/Berlin')).toBe('10:05:07  check-in  lane front, card 3fa2e1c0…');
    expect(humanLogLine(granted, 'America/New_York')).toBe('04:05:07  check-in  lane front, card 3fa2e1c0…');
    expect(humanLogLine({ ...granted, offline: true, staff: true }, 'UTC')).toBe('09:05:07  check-in  lane front, staff card 3fa2e1c0… (offline)');
    expect(humanLogLine({ ...granted, direction: 'out' }, 'UTC')).toBe('09:05:07  exit      lane front, card 3fa2e1c0…');
  });

  it('shows a denial with its reason in words, online and offline; an unknown reason as itself', () => {
    const denied = at({ event: 'gate.denied', lane: 'front', credential: 'aa11bb22', granted: false, reason: 'past_due', offline: false, msg: 'refused' });
    expect(humanLogLine(denied, 'UTC')).toBe('09:05:07  denied    lane front, card aa11bb22…: payment past due');
    expect(humanLogLine({ ...denied, reason: 'cache_stale', offline: true }, 'UTC')).toBe('09:05:07  denied    lane front, card aa11bb22…: offline and the cached list is too old (offline)');
    expect(humanLogLine({ ...denied, reason: 'anti_passback' }, 'UTC')).toBe('09:05:07  denied    lane front, card aa11bb22…: already went through (anti-passback)');
    expect(humanLogLine({ ...denied, reason: 'some_new_rule' }, 'UTC')).toBe('09:05:07  denied    lane front, card aa11bb22…: some new rule');
  });

  it('shows the kiosk: a class check-in by scan or tap, and a refusal', () => {
    const answer = at({ event: 'kiosk.check_in', via: 'scan', credential: 'c0ffee00', outcome: 'checked_in', reason: null, offline: false, walk_in: true, class_id: 'x' });
    expect(humanLogLine(answer, 'UTC')).toBe('09:05:07  check-in  kiosk scan, card c0ffee00…: checked into class (walk-in)');
    expect(humanLogLine({ ...answer, via: 'tap', credential: undefined, outcome: 'already_checked_in', walk_in: false }, 'UTC')).toBe('09:05:07  check-in  kiosk tap: already checked in');
    expect(humanLogLine(at({ event: 'kiosk.denied', via: 'tap', outcome: 'refused', reason: 'class_full', offline: true }), 'UTC')).toBe('09:05:07  denied    kiosk tap: class is full (offline)');
  });

  it('shows a device plugged, lost and missing, and the server unreachable and back', () => {
    const device = { device: 'reader-front', kind: 'reader', msg: 'device state changed' };
    expect(humanLogLine(at({ ...device, event: 'device.connected', state: 'ok', lastError: null }), 'UTC')).toBe('09:05:07  device    reader reader-front connected');
    expect(humanLogLine(at({ ...device, event: 'device.lost', state: 'down', lastError: 'could not read from HID device' }, 40), 'UTC')).toBe(
      '09:05:07  device    reader reader-front lost (could not read from HID device)',
    );
    expect(humanLogLine(at({ ...device, event: 'device.lost', state: 'unavailable', lastError: 'ENOENT: no such file' }, 40), 'UTC')).toBe(
      '09:05:07  device    reader reader-front not connected (ENOENT: no such file)',
    );
    expect(humanLogLine(at({ ...device, event: 'device.state', state: 'starting' }), 'UTC')).toBeNull();
    expect(humanLogLine(at({ event: 'server.unreachable', code: 'network_error', msg: 'x' }, 40), 'UTC')).toBe('09:05:07  server    unreachable (network_error): deciding from the cache');
    expect(humanLogLine(at({ event: 'server.back', msg: 'x' }), 'UTC')).toBe('09:05:07  server    reachable again');
    expect(humanLogLine(at({ event: 'api.listening', url: 'http://127.0.0.1:3000/v1' }), 'UTC')).toBe('09:05:07  api       listening at http://127.0.0.1:3000/v1');
  });

  it('shows other warnings and errors by their message, device and code; retries the unreachable line covers are not repeated', () => {
    expect(humanLogLine(at({ device: 'relay-1', msg: 'relay write failed; not retried, reconnecting', err: 'EIO: i/o error\n    at stack' }, 50), 'UTC')).toBe(
      '09:05:07  error     relay-1: relay write failed; not retried, reconnecting (EIO: i/o error)',
    );
    expect(humanLogLine(at({ msg: 'unhandled error', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n  at x' } }, 60), 'UTC')).toBe('09:05:07  error     unhandled error (boom)');
    expect(humanLogLine(at({ task: 'feed-sync', code: 'invalid_api_key', error: 'key revoked', msg: 'background task failed; will retry' }, 40), 'UTC')).toBe(
      '09:05:07  warning   background task failed; will retry (invalid_api_key)',
    );
    expect(humanLogLine(at({ task: 'feed-sync', code: 'network_error', msg: 'background task failed; will retry' }, 40), 'UTC')).toBeNull();
    expect(humanLogLine(at({ outbox_id: 4, code: 'timeout', msg: 'outbox delivery failed; will retry with the same key' }, 40), 'UTC')).toBeNull();
  });

  it('hides requests, debug and routine info', () => {
    expect(humanLogLine(at({ method: 'GET', route: '/v1/ping', status: 200, ms: 1, msg: 'request' }, 20), 'UTC')).toBeNull();
    expect(humanLogLine(at({ method: 'GET', route: '/v1/ping', status: 200, ms: 1, msg: 'request' }), 'UTC')).toBeNull();
    expect(humanLogLine(at({ msg: 'Server listening at http://127.0.0.1:3000' }), 'UTC')).toBeNull();
    expect(humanLogLine(at({ event: 'gate.granted', lane: 'front', credential: '3fa2e1c0' }, 20), 'UTC')).toBeNull();
    expect(humanLogLine(at({ event: 'device.state', msg: 'device retry scheduled' }, 10), 'UTC')).toBeNull();
  });

  it('never prints a card number, a raw read or a key, whatever fields a record carries', () => {
    const uid = '0009334109';
    const key = 'harbour_sk_live_Zm9vYmFyYmF6cXV4';
    const records = [
      at({ event: 'gate.granted', lane: 'front', credential: '3fa2e1c0', identifier: uid, raw: uid, api_key: key, key, msg: `granted ${uid}` }),
      at({ event: 'gate.denied', lane: 'front', credential: '3fa2e1c0', reason: 'not_found', identifier: uid, raw: uid, apiKey: key }),
      at({ event: 'kiosk.check_in', via: 'scan', credential: '3fa2e1c0', outcome: 'checked_in', identifier: uid, first_name: 'Olga', last_name: 'Ivanova' }),
      at({ event: 'server.unreachable', code: 'timeout', authorization: `Bearer ${key}` }, 40),
    ];
    const printed = records.map((record) => humanLogLine(record, 'UTC')).join('\n');
    expect(printed.split('\n')).toHaveLength(4);
    for (const secret of [uid, key, 'Ivanova', 'Olga']) expect(printed).not.toContain(secret);
  });

  it('as a pino destination: one human line per notable JSON line, nothing for the rest', () => {
    const out: string[] = [];
    const destination = humanDestination({ write: (text: string) => out.push(text) }, 'UTC');
    destination.write(JSON.stringify(at({ msg: 'request', route: '/v1/ping' }, 20)) + '\n');
    destination.write(JSON.stringify(at({ event: 'server.back' })) + '\n' + JSON.stringify(at({ msg: 'routine' })) + '\n');
    destination.write('not json\n');
    expect(out).toEqual(['09:05:07  server    reachable again\n', 'not json\n']);
  });
});
