import type { Environment, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '@studio/shared';
import type { Tables } from '../../../db/tables.js';

export type EndpointRow = Tables['webhook_endpoints'];

/** An endpoint as the API shows it: never its secret, only the secret's last four characters. */
export function endpointView(row: EndpointRow, environment: Environment): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: JSON.parse(row.event_types) as WebhookEndpoint['event_types'],
    enabled: Boolean(row.enabled),
    disabled_reason: row.disabled_reason,
    environment,
    secret_last4: row.secret.slice(-4),
    failing_since: row.failing_since,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type DeliveryRow = Omit<Tables['webhook_deliveries'], 'company_id' | 'claimed_until' | 'claim_token'> & { event_type: string };

export function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type as WebhookDelivery['event_type'],
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at,
    last_attempt_at: row.last_attempt_at,
    last_status_code: row.last_status_code,
    last_latency_ms: row.last_latency_ms,
    last_error: row.last_error,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  };
}

export type AttemptRow = Omit<Tables['webhook_attempts'], 'company_id' | 'endpoint_id'>;

export function attemptView(row: AttemptRow): WebhookAttempt {
  return { id: row.id, delivery_id: row.delivery_id, at: row.at, status_code: row.status_code, latency_ms: row.latency_ms, error: row.error };
}
