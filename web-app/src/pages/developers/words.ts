import { eventTypes, type EventType } from '@studio/shared/schemas/events';
import type { TFunction } from 'i18next';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../api/developers.ts';
import { formatLocalDateTime } from '../../format/time.ts';

/**
 * What the Developers page says about keys, endpoints and deliveries, as plain functions of the
 * server's answer and the page's translator: the status in words, never a colour or a bare code
 * alone. What the server itself wrote (a reason, an error) stays as it sent it.
 */

/** The `developers` namespace's translator, as `useTranslation('developers')` gives it. */
export type DevelopersT = TFunction<'developers'>;

/** Where times are written: the location's zone, the page's locale, and the viewer's zone (injectable for tests). */
export interface TimeWords {
  zone: string;
  locale?: string | undefined;
  viewerZone?: string | undefined;
}

/** The event types grouped by resource, in the order the API lists them, for the endpoint form's checklist. */
export const eventTypeGroups: { resource: string; types: EventType[] }[] = (() => {
  const groups = new Map<string, EventType[]>();
  for (const type of eventTypes) {
    const resource = type.slice(0, type.indexOf('.'));
    groups.set(resource, [...(groups.get(resource) ?? []), type]);
  }
  return [...groups].map(([resource, types]) => ({ resource, types }));
})();

/** A group's heading: the resource as a studio names it ("Check-ins" for `member`). */
export function eventGroupLabel(t: DevelopersT, resource: string): string {
  return t('events.group', { resource });
}

/** "All events" or the list, for the endpoints table. */
export function eventTypesInWords(t: DevelopersT, types: readonly string[]): string {
  if (types.includes('*')) return t('events.all');
  return types.join(', ');
}

export interface StateWords {
  /** The chip: Enabled, Failing, Disabled. */
  status: 'enabled' | 'failing' | 'disabled';
  label: string;
  /** The sentence beside it, or null when there is nothing to add. */
  detail: string | null;
}

const when = (iso: string, time: TimeWords) => formatLocalDateTime(iso, time.zone, time.locale, time.viewerZone);

/** Whether events go out, and if not, why: the server's reason when it disabled the endpoint itself. */
export function endpointState(t: DevelopersT, endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason' | 'failing_since'>, time: TimeWords): StateWords {
  if (!endpoint.enabled) {
    if (endpoint.disabled_reason) return { status: 'disabled', label: t('endpoint.state.disabled_by_server'), detail: sentence(endpoint.disabled_reason) };
    return { status: 'disabled', label: t('endpoint.state.disabled'), detail: t('endpoint.state.disabled_by_person') };
  }
  if (endpoint.failing_since) return { status: 'failing', label: t('endpoint.state.failing'), detail: t('endpoint.state.failing_since', { since: when(endpoint.failing_since, time) }) };
  return { status: 'enabled', label: t('endpoint.state.enabled'), detail: null };
}

/**
 * A delivery's status: the chip's word, and beside it why the last attempt failed and what happens
 * next, as sentences that may wrap (a chip holding all of it made the log too wide for a tablet).
 */
export function deliveryStatusWords(
  t: DevelopersT,
  delivery: Pick<WebhookDelivery, 'status' | 'attempts' | 'last_status_code' | 'last_error' | 'next_attempt_at'>,
  time: TimeWords,
): { label: string; detail: string | null } {
  if (delivery.status === 'delivered') return { label: t('delivery.delivered'), detail: null };
  const why = failureInWords(t, delivery);
  if (delivery.status === 'failed') {
    const after = why ? t('delivery.failed_after_why', { count: delivery.attempts, why }) : t('delivery.failed_after', { count: delivery.attempts });
    return { label: t('delivery.failed'), detail: sentence(after) };
  }
  if (delivery.attempts === 0) return { label: t('delivery.waiting'), detail: null };
  const next = delivery.next_attempt_at ? t('delivery.next_try', { at: when(delivery.next_attempt_at, time) }) : null;
  const detail = [why ? sentence(why) : null, next].filter((part) => part !== null).join(' ');
  return { label: t('delivery.retrying'), detail: detail || null };
}

/** The answer a receiver gave, or what stopped the request (the server's words). */
export function failureInWords(t: DevelopersT, delivery: Pick<WebhookDelivery, 'last_status_code' | 'last_error'>): string | null {
  if (delivery.last_status_code !== null && (delivery.last_status_code < 200 || delivery.last_status_code >= 300)) return t('delivery.receiver_answered', { code: delivery.last_status_code });
  if (delivery.last_error) return delivery.last_error;
  return null;
}

/** Whether one attempt delivered, and what came back: the receiver's HTTP status, or what stopped the request. */
export function attemptInWords(t: DevelopersT, attempt: Pick<WebhookAttempt, 'status_code' | 'error'>): { look: 'delivered' | 'failed'; label: string; answer: string } {
  const delivered = attempt.error === null && attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
  // The status code is the protocol's own word, the same in every language.
  const answer = attempt.status_code !== null ? `HTTP ${attempt.status_code}` : t('attempts.no_answer', { error: attempt.error ?? t('attempts.request_failed') });
  return delivered ? { look: 'delivered', label: t('delivery.delivered'), answer } : { look: 'failed', label: t('delivery.failed'), answer };
}

export function latencyInWords(t: DevelopersT, ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? t('attempts.milliseconds', { ms }) : t('attempts.seconds', { seconds: Math.round(ms / 100) / 10 });
}

/** "1 attempt", "3 attempts". */
export function attemptCount(t: DevelopersT, count: number): string {
  return t('delivery.attempts', { count });
}

/** "3 min ago" for a key's last use, at a glance; the exact time goes in a title beside it. */
export function lastUsedInWords(t: DevelopersT, iso: string, now: Date): string {
  const seconds = Math.round((now.getTime() - Date.parse(iso)) / 1000);
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (seconds < 60) return t('keys.last_used', { unit: 'now', count: 0 });
  if (minutes < 60) return t('keys.last_used', { unit: 'minute', count: minutes });
  if (hours < 24) return t('keys.last_used', { unit: 'hour', count: hours });
  return t('keys.last_used', { unit: 'day', count: Math.floor(hours / 24) });
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
