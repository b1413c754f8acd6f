import { eventTypes, type EventType } from '@studio/shared/schemas/events';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../api/developers.ts';
import { formatLocalDateTime } from '../../format/time.ts';

/**
 * What the Developers page says about endpoints and deliveries, as plain functions of the server's
 * answer: the status in words, never a colour or a bare code alone.
 */

/** The event types grouped by resource, in the order the API lists them, for the endpoint form's checklist. */
export const eventTypeGroups: { resource: string; label: string; types: EventType[] }[] = (() => {
  const labels: Record<string, string> = {
    booking: 'Appointments',
    contact: 'Contacts',
    membership: 'Memberships',
    member: 'Check-ins',
    class_attendee: 'Class attendees',
    class: 'Classes',
  };
  const groups = new Map<string, EventType[]>();
  for (const type of eventTypes) {
    const resource = type.slice(0, type.indexOf('.'));
    groups.set(resource, [...(groups.get(resource) ?? []), type]);
  }
  return [...groups].map(([resource, types]) => ({ resource, label: labels[resource] ?? resource, types }));
})();

/** "All events" or the list, for the endpoints table. */
export function eventTypesInWords(types: readonly string[]): string {
  if (types.includes('*')) return 'All events, including ones added later';
  return types.join(', ');
}

export interface StateWords {
  /** The chip: Enabled, Failing, Disabled. */
  status: 'enabled' | 'failing' | 'disabled';
  label: string;
  /** The sentence beside it, or null when there is nothing to add. */
  detail: string | null;
}

/** Whether events go out, and if not, why: the server's reason when it disabled the endpoint itself. */
export function endpointState(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason' | 'failing_since'>, zone: string, viewerZone?: string): StateWords {
  const since = endpoint.failing_since ? formatLocalDateTime(endpoint.failing_since, zone, undefined, viewerZone) : null;
  if (!endpoint.enabled) {
    if (endpoint.disabled_reason) return { status: 'disabled', label: 'Disabled by the server', detail: sentence(endpoint.disabled_reason) };
    return { status: 'disabled', label: 'Disabled', detail: 'Turned off by a person; events are not sent.' };
  }
  if (since) return { status: 'failing', label: 'Failing', detail: `Failing since ${since}; retried with backoff.` };
  return { status: 'enabled', label: 'Enabled', detail: null };
}

/**
 * A delivery's status: the chip's word, and beside it why the last attempt failed and what happens
 * next, as sentences that may wrap (a chip holding all of it made the log too wide for a tablet).
 */
export function deliveryStatusWords(
  delivery: Pick<WebhookDelivery, 'status' | 'attempts' | 'last_status_code' | 'last_error' | 'next_attempt_at'>,
  zone: string,
  viewerZone?: string,
): { label: string; detail: string | null } {
  if (delivery.status === 'delivered') return { label: 'Delivered', detail: null };
  const why = failureInWords(delivery);
  if (delivery.status === 'failed') return { label: 'Failed', detail: sentence(`after ${attemptCount(delivery.attempts)}${why ? `: ${why}` : ''}`) };
  if (delivery.attempts === 0) return { label: 'Waiting to be sent', detail: null };
  const next = delivery.next_attempt_at ? `Next try ${formatLocalDateTime(delivery.next_attempt_at, zone, undefined, viewerZone)}.` : null;
  const detail = [why ? sentence(why) : null, next].filter((part) => part !== null).join(' ');
  return { label: 'Retrying', detail: detail || null };
}

/** The answer a receiver gave, or what stopped the request. */
export function failureInWords(delivery: Pick<WebhookDelivery, 'last_status_code' | 'last_error'>): string | null {
  if (delivery.last_status_code !== null && (delivery.last_status_code < 200 || delivery.last_status_code >= 300)) return `the receiver answered HTTP ${delivery.last_status_code}`;
  if (delivery.last_error) return delivery.last_error;
  return null;
}

/** Whether one attempt delivered, and what came back: the receiver's HTTP status, or what stopped the request. */
export function attemptInWords(attempt: Pick<WebhookAttempt, 'status_code' | 'error'>): { look: 'delivered' | 'failed'; label: string; answer: string } {
  const delivered = attempt.error === null && attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
  const answer = attempt.status_code !== null ? `HTTP ${attempt.status_code}` : `No answer: ${attempt.error ?? 'the request failed'}`;
  return delivered ? { look: 'delivered', label: 'Delivered', answer } : { look: 'failed', label: 'Failed', answer };
}

export function latencyInWords(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "1 attempt", "3 attempts". */
export function attemptCount(count: number): string {
  return count === 1 ? '1 attempt' : `${count} attempts`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
