import { eventTypes } from '@studio/shared/schemas/events';
import { describe, expect, it } from 'vitest';
import { deliveryStatusWords, endpointState, eventTypeGroups, eventTypesInWords, latencyInWords, nextRetryInWords } from '../src/pages/developers/words.ts';

describe('the webhook endpoint form and list', () => {
  it('groups every event type once, by resource, in the API order', () => {
    expect(eventTypeGroups.flatMap((group) => group.types)).toEqual([...eventTypes]);
    expect(eventTypeGroups.map((group) => group.label)).toEqual(['Appointments', 'Contacts', 'Memberships', 'Check-ins', 'Class attendees', 'Classes']);
  });

  it('says "all events" for the wildcard, else lists the types', () => {
    expect(eventTypesInWords(['*'])).toBe('All events, including ones added later');
    expect(eventTypesInWords(['contact.created', 'member.checked_in'])).toBe('contact.created, member.checked_in');
  });

  it("states an endpoint's state in words, with the server's reason when it disabled the endpoint", () => {
    const zone = 'Europe/Berlin';
    expect(endpointState({ enabled: true, disabled_reason: null, failing_since: null }, zone, zone)).toEqual({ status: 'enabled', label: 'Enabled', detail: null });
    expect(endpointState({ enabled: true, disabled_reason: null, failing_since: '2026-03-10T17:04:00.000Z' }, zone, zone)).toEqual({
      status: 'failing',
      label: 'Failing',
      detail: 'Failing since 10 Mar 2026, 18:04; retried with backoff.',
    });
    expect(endpointState({ enabled: false, disabled_reason: 'every delivery failed for 3 days', failing_since: '2026-03-10T17:04:00.000Z' }, zone, zone)).toEqual({
      status: 'disabled',
      label: 'Disabled by the server',
      detail: 'Every delivery failed for 3 days.',
    });
    expect(endpointState({ enabled: false, disabled_reason: null, failing_since: null }, zone, zone).label).toBe('Disabled');
  });
});

describe('the delivery log', () => {
  const delivery = { status: 'pending' as const, attempts: 0, last_status_code: null, last_error: null, next_attempt_at: '2026-03-10T17:04:00.000Z' };

  it('says what happened and what happens next', () => {
    expect(deliveryStatusWords(delivery)).toBe('Waiting to be sent');
    expect(deliveryStatusWords({ ...delivery, attempts: 2, last_status_code: 500 })).toBe('Retrying (the receiver answered HTTP 500)');
    expect(deliveryStatusWords({ ...delivery, attempts: 1, last_error: 'connection refused' })).toBe('Retrying (connection refused)');
    expect(deliveryStatusWords({ ...delivery, status: 'delivered', attempts: 1, last_status_code: 204 })).toBe('Delivered');
    expect(deliveryStatusWords({ ...delivery, status: 'failed', attempts: 1, last_status_code: 410 })).toBe('Failed after 1 attempt: the receiver answered HTTP 410');
    expect(deliveryStatusWords({ ...delivery, status: 'failed', attempts: 14, last_error: 'timed out' })).toBe('Failed after 14 attempts: timed out');
  });

  it("shows the next retry in the location's time, only while one is due", () => {
    expect(nextRetryInWords(delivery, 'America/New_York', 'America/New_York')).toBe('10 Mar 2026, 13:04');
    expect(nextRetryInWords({ status: 'delivered', next_attempt_at: null }, 'America/New_York')).toBe('—');
  });

  it('reads latency in ms, or seconds past one', () => {
    expect(latencyInWords(null)).toBe('—');
    expect(latencyInWords(87)).toBe('87 ms');
    expect(latencyInWords(2340)).toBe('2.3 s');
  });
});
