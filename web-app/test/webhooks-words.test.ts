import { eventTypes } from '@studio/shared/schemas/events';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../src/api/developers.ts';
import { attemptCount, attemptInWords, deliveryStatusWords, endpointState, eventTypeGroups, eventTypesInWords, latencyInWords } from '../src/pages/developers/words.ts';

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
  const delivery: Pick<WebhookDelivery, 'status' | 'attempts' | 'last_status_code' | 'last_error' | 'next_attempt_at'> = {
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    next_attempt_at: '2026-03-10T17:04:00.000Z',
  };

  const zone = 'America/New_York';
  const words = (fields: Partial<typeof delivery> = {}) => deliveryStatusWords({ ...delivery, ...fields }, zone, zone);

  it("says what happened and, while retrying, why and when next in the location's time", () => {
    expect(words()).toEqual({ label: 'Waiting to be sent', detail: null });
    expect(words({ attempts: 2, last_status_code: 500 })).toEqual({ label: 'Retrying', detail: 'The receiver answered HTTP 500. Next try 10 Mar 2026, 13:04.' });
    expect(words({ attempts: 1, last_error: 'connection refused' })).toEqual({ label: 'Retrying', detail: 'Connection refused. Next try 10 Mar 2026, 13:04.' });
    expect(words({ status: 'delivered', attempts: 1, last_status_code: 204, next_attempt_at: null })).toEqual({ label: 'Delivered', detail: null });
    expect(words({ status: 'failed', attempts: 1, last_status_code: 410, next_attempt_at: null })).toEqual({ label: 'Failed', detail: 'After 1 attempt: the receiver answered HTTP 410.' });
    expect(words({ status: 'failed', attempts: 14, last_error: 'timed out', next_attempt_at: null })).toEqual({ label: 'Failed', detail: 'After 14 attempts: timed out.' });
  });

  it('names the zone of the next try when the viewer is elsewhere', () => {
    expect(deliveryStatusWords({ ...delivery, attempts: 1, last_status_code: 503 }, zone, 'Europe/Lisbon').detail).toBe('The receiver answered HTTP 503. Next try 10 Mar 2026, 13:04 GMT-4.');
  });

  it("reads each attempt as delivered or failed, with the receiver's status or the error in words", () => {
    expect(attemptInWords({ status_code: 204, error: null })).toEqual({ look: 'delivered', label: 'Delivered', answer: 'HTTP 204' });
    expect(attemptInWords({ status_code: 500, error: 'HTTP 500' })).toEqual({ look: 'failed', label: 'Failed', answer: 'HTTP 500' });
    expect(attemptInWords({ status_code: null, error: 'connection refused' })).toEqual({ look: 'failed', label: 'Failed', answer: 'No answer: connection refused' });
    expect([0, 1, 3].map(attemptCount)).toEqual(['0 attempts', '1 attempt', '3 attempts']);
  });

  it('reads latency in ms, or seconds past one', () => {
    expect(latencyInWords(null)).toBe('—');
    expect(latencyInWords(87)).toBe('87 ms');
    expect(latencyInWords(2340)).toBe('2.3 s');
  });
});
