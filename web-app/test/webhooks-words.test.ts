import { createTranslator } from '@studio/shared/i18n';
import { eventTypes } from '@studio/shared/schemas/events';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../src/api/developers.ts';
import german from '../src/i18n/catalogs/de/developers.json';
import { english, namespaces } from '../src/i18n/english.ts';
import {
  attemptCount,
  attemptInWords,
  deliveryStatusWords,
  endpointState,
  eventGroupLabel,
  eventTypeGroups,
  eventTypesInWords,
  latencyInWords,
  lastUsedInWords,
  type DevelopersT,
} from '../src/pages/developers/words.ts';

/** The app's own translator setup (ICU plurals, selects, numbers), with the real catalogs. */
const translator = createTranslator({ language: 'en', resources: { en: english, de: { developers: german } }, namespaces, defaultNamespace: 'common' });
const t: DevelopersT = translator.getFixedT('en', 'developers');
const de: DevelopersT = translator.getFixedT('de', 'developers');

describe('the webhook endpoint form and list', () => {
  it('groups every event type once, by resource, in the API order, each group named as a studio says it', () => {
    expect(eventTypeGroups.flatMap((group) => group.types)).toEqual([...eventTypes]);
    expect(eventTypeGroups.map((group) => eventGroupLabel(t, group.resource))).toEqual(['Appointments', 'Contacts', 'Memberships', 'Check-ins', 'Class attendees', 'Classes']);
    expect(eventTypeGroups.map((group) => eventGroupLabel(de, group.resource))).toEqual(['Termine', 'Kontakte', 'Mitgliedschaften', 'Check-ins', 'Kursteilnehmer', 'Kurse']);
  });

  it('says "all events" for the wildcard, else lists the types', () => {
    expect(eventTypesInWords(t, ['*'])).toBe('All events, including ones added later');
    expect(eventTypesInWords(de, ['*'])).toBe('Alle Ereignisse, auch künftig hinzukommende');
    expect(eventTypesInWords(t, ['contact.created', 'member.checked_in'])).toBe('contact.created, member.checked_in');
  });

  it("states an endpoint's state in words, with the server's reason when it disabled the endpoint", () => {
    const time = { zone: 'Europe/Berlin', viewerZone: 'Europe/Berlin' };
    expect(endpointState(t, { enabled: true, disabled_reason: null, failing_since: null }, time)).toEqual({ status: 'enabled', label: 'Enabled', detail: null });
    expect(endpointState(t, { enabled: true, disabled_reason: null, failing_since: '2026-03-10T17:04:00.000Z' }, time)).toEqual({
      status: 'failing',
      label: 'Failing',
      detail: 'Failing since 10 Mar 2026, 18:04; retried with backoff.',
    });
    expect(endpointState(t, { enabled: false, disabled_reason: 'every delivery failed for 3 days', failing_since: '2026-03-10T17:04:00.000Z' }, time)).toEqual({
      status: 'disabled',
      label: 'Disabled by the server',
      detail: 'Every delivery failed for 3 days.',
    });
    expect(endpointState(t, { enabled: false, disabled_reason: null, failing_since: null }, time).label).toBe('Disabled');
  });

  it('writes the failing date in German for a German reader', () => {
    const time = { zone: 'Europe/Berlin', locale: 'de-DE', viewerZone: 'Europe/Berlin' };
    expect(endpointState(de, { enabled: true, disabled_reason: null, failing_since: '2026-03-10T17:04:00.000Z' }, time).detail).toBe(
      'Fehlerhaft seit 10. März 2026, 18:04; wird mit wachsendem Abstand erneut versucht.',
    );
  });
});

describe('the delivery log', () => {
  const delivery: Pick<WebhookDelivery, 'status' | 'attempts' | 'last_status_code' | 'last_error' | 'next_attempt_at'> = {
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    next_attempt_at: '2026-03-10T17:04:00.000Z',
  };

  const zone = 'America/New_York';
  const words = (fields: Partial<typeof delivery> = {}) => deliveryStatusWords(t, { ...delivery, ...fields }, { zone, viewerZone: zone });

  it("says what happened and, while retrying, why and when next in the location's time", () => {
    expect(words()).toEqual({ label: 'Waiting to be sent', detail: null });
    expect(words({ attempts: 2, last_status_code: 500 })).toEqual({ label: 'Retrying', detail: 'The receiver answered HTTP 500. Next try 10 Mar 2026, 13:04.' });
    expect(words({ attempts: 1, last_error: 'connection refused' })).toEqual({ label: 'Retrying', detail: 'Connection refused. Next try 10 Mar 2026, 13:04.' });
    expect(words({ status: 'delivered', attempts: 1, last_status_code: 204, next_attempt_at: null })).toEqual({ label: 'Delivered', detail: null });
    expect(words({ status: 'failed', attempts: 1, last_status_code: 410, next_attempt_at: null })).toEqual({ label: 'Failed', detail: 'After 1 attempt: the receiver answered HTTP 410.' });
    expect(words({ status: 'failed', attempts: 14, last_error: 'timed out', next_attempt_at: null })).toEqual({ label: 'Failed', detail: 'After 14 attempts: timed out.' });
  });

  it('says it in German, the server’s own error as the server wrote it', () => {
    const german = (fields: Partial<typeof delivery>) => deliveryStatusWords(de, { ...delivery, ...fields }, { zone, locale: 'de-DE', viewerZone: zone });
    expect(german({ attempts: 2, last_status_code: 500 })).toEqual({ label: 'Wird wiederholt', detail: 'Der Empfänger antwortete mit HTTP 500. Nächster Versuch: 10. März 2026, 13:04.' });
    expect(german({ status: 'failed', attempts: 14, last_error: 'timed out', next_attempt_at: null })).toEqual({ label: 'Fehlgeschlagen', detail: 'Nach 14 Versuchen: timed out.' });
  });

  it('names the zone of the next try when the viewer is elsewhere', () => {
    expect(deliveryStatusWords(t, { ...delivery, attempts: 1, last_status_code: 503 }, { zone, viewerZone: 'Europe/Lisbon' }).detail).toBe(
      'The receiver answered HTTP 503. Next try 10 Mar 2026, 13:04 GMT-4.',
    );
  });

  it("reads each attempt as delivered or failed, with the receiver's status or the error in words", () => {
    expect(attemptInWords(t, { status_code: 204, error: null })).toEqual({ look: 'delivered', label: 'Delivered', answer: 'HTTP 204' });
    expect(attemptInWords(t, { status_code: 500, error: 'HTTP 500' })).toEqual({ look: 'failed', label: 'Failed', answer: 'HTTP 500' });
    expect(attemptInWords(t, { status_code: null, error: 'connection refused' })).toEqual({ look: 'failed', label: 'Failed', answer: 'No answer: connection refused' });
    expect(attemptInWords(de, { status_code: null, error: null })).toEqual({ look: 'failed', label: 'Fehlgeschlagen', answer: 'Keine Antwort: die Anfrage ist fehlgeschlagen' });
    expect([0, 1, 3].map((count) => attemptCount(t, count))).toEqual(['0 attempts', '1 attempt', '3 attempts']);
    expect([1, 3].map((count) => attemptCount(de, count))).toEqual(['1 Versuch', '3 Versuche']);
  });

  it('reads latency in ms, or seconds past one, with the language’s decimal mark', () => {
    expect(latencyInWords(t, null)).toBe('—');
    expect(latencyInWords(t, 87)).toBe('87 ms');
    expect(latencyInWords(t, 2340)).toBe('2.3 s');
    expect(latencyInWords(de, 2340)).toBe('2,3 s');
  });
});

describe("an API key's last use", () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('reads as just now, minutes, hours or days ago', () => {
    expect([before(30), before(180), before(7200), before(3 * 86400)].map((iso) => lastUsedInWords(t, iso, now))).toEqual(['just now', '3 min ago', '2 h ago', '3 d ago']);
    expect([before(30), before(180), before(7200)].map((iso) => lastUsedInWords(de, iso, now))).toEqual(['gerade eben', 'vor 3 Min.', 'vor 2 Std.']);
  });
});
