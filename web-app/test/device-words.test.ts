import { createTranslator } from '@studio/shared/i18n';
import type { DeviceView } from '@studio/shared/schemas/devices';
import { describe, expect, it } from 'vitest';
import { backlogWords, byAttention, cacheWords, componentWords, durationWords, type DevicesT } from '../src/format/devices.ts';
import german from '../src/i18n/catalogs/de/devices.json';
import { english, namespaces } from '../src/i18n/english.ts';

/** The app's own translator setup (ICU plurals and selects), with the real catalogs. */
const translator = createTranslator({ language: 'en', resources: { en: english, de: { devices: german } }, namespaces, defaultNamespace: 'common' });
const t: DevicesT = translator.getFixedT('en', 'devices');
const de: DevicesT = translator.getFixedT('de', 'devices');

/** A number stays with its unit ("24 Std."): the words read here with plain spaces. */
const plain = (words: string) => words.replaceAll('\u00a0', ' ');

describe("the Devices page's words", () => {
  it('says a duration at a glance', () => {
    expect([0, 45, 60, 119, 3599, 3600, 47 * 3600, 48 * 3600, 86_400 * 9].map((seconds) => plain(durationWords(t, seconds)))).toEqual([
      '0 s',
      '45 s',
      '1 min',
      '1 min',
      '59 min',
      '1 h',
      '47 h',
      '2 d',
      '9 d',
    ]);
    expect([45, 300, 7200, 86_400 * 3].map((seconds) => plain(durationWords(de, seconds)))).toEqual(['45 s', '5 Min.', '2 Std.', '3 Tg.']);
  });

  it("says the cache's age now (at the last report plus the silence since) against the allowed staleness, and when offline scans are refused", () => {
    expect(plain(cacheWords(t, { synced_at: '2026-06-01T09:00:00.000Z', age_s: 300, max_age_s: 86_400, stale: false }))).toBe('5 min old (allowed 24 h)');
    expect(plain(cacheWords(t, { synced_at: '2026-06-01T09:00:00.000Z', age_s: 7200, max_age_s: 3600, stale: true }))).toBe('2 h old (allowed 1 h): too old for offline scans');
    expect(plain(cacheWords(t, { synced_at: null, age_s: null, max_age_s: 86_400, stale: true }))).toBe('Never synced (allowed 24 h)');
    expect(plain(cacheWords(t, { synced_at: '2026-06-01T09:00:00.000Z', age_s: 30, max_age_s: 600, stale: false }, 660))).toBe('11 min old (allowed 10 min): too old for offline scans');
    expect(plain(cacheWords(de, { synced_at: '2026-06-01T09:00:00.000Z', age_s: 7200, max_age_s: 3600, stale: true }))).toBe('2 Std. alt (erlaubt: 1 Std.): zu alt für Offline-Scans');
  });

  it('says the backlog and what the server refused', () => {
    expect(backlogWords(t, { pending: 0, rejected: 0, oldest_pending_at: null })).toBe('Nothing waiting');
    expect(backlogWords(t, { pending: 3, rejected: 1, oldest_pending_at: '2026-06-01T09:00:00.000Z' })).toBe('3 waiting to send, 1 refused by the server');
    expect(backlogWords(de, { pending: 1, rejected: 0, oldest_pending_at: '2026-06-01T09:00:00.000Z' })).toBe('1 wartet auf Versand');
    expect(backlogWords(de, { pending: 3, rejected: 2, oldest_pending_at: '2026-06-01T09:00:00.000Z' })).toBe('3 warten auf Versand, 2 vom Server abgelehnt');
  });

  it('names each reader and relay with its state, and what to check when it is not ok', () => {
    const base = { driver: 'lcus', since: '2026-06-01T09:00:00.000Z', last_event_at: null, reconnects: 0 } as const;
    expect(componentWords(t, { ...base, id: 'front', kind: 'reader', state: 'ok', last_error: null, hint: null })).toBe('Reader front: ok');
    expect(componentWords(t, { ...base, id: 'turnstile', kind: 'relay', state: 'down', last_error: 'ENOENT', hint: null })).toBe('Relay turnstile: down (ENOENT)');
    expect(componentWords(t, { ...base, id: 'front', kind: 'reader', state: 'degraded', last_error: null, hint: 'check the baud rate' })).toBe('Reader front: degraded (check the baud rate)');
    expect(componentWords(t, { ...base, id: 'door', kind: 'sensor', state: 'unavailable', last_error: null, hint: null })).toBe('Sensor door: unavailable (no detail)');
    // The agent's own hint stays as it wrote it; our words around it are German.
    expect(componentWords(de, { ...base, id: 'turnstile', kind: 'relay', state: 'down', last_error: 'ENOENT', hint: null })).toBe('Relais turnstile: ausgefallen (ENOENT)');
  });

  it('lists the lost agents first, then the stale, then by device id', () => {
    const view = (device_id: string, state: DeviceView['state']) => ({ device_id, state }) as DeviceView;
    expect(byAttention([view('b', 'online'), view('a', 'online'), view('z', 'lost'), view('c', 'stale')]).map((d) => d.device_id)).toEqual(['z', 'c', 'a', 'b']);
  });
});
