import { z } from 'zod';
import { Count, Id, PageQuery, Timestamp } from './common.js';
import { Environment, EventType, SentEventType } from './events.js';

const EndpointUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .describe('http or https URL the events are POSTed to');
const EventTypeFilter = z
  .array(z.union([EventType, z.literal('*')]))
  .min(1)
  .describe('The event types to send; ["*"] for every type, including ones added later');

export const WebhookEndpointCreate = z
  .strictObject({
    url: EndpointUrl,
    event_types: EventTypeFilter,
    description: z.string().max(200).default(''),
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'WebhookEndpointCreate' });

export const WebhookEndpointUpdate = z
  .strictObject({
    url: EndpointUrl.optional(),
    event_types: EventTypeFilter.optional(),
    description: z.string().max(200).optional(),
    enabled: z.boolean().optional().describe('true re-enables an endpoint the server disabled, and clears its reason'),
  })
  .meta({ id: 'WebhookEndpointUpdate' });

export const WebhookEndpoint = z
  .object({
    id: Id,
    url: z.string(),
    description: z.string(),
    event_types: z.array(z.union([EventType, z.literal('*')])),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().describe('Why the server disabled the endpoint (failing for days); null when enabled or disabled by a person'),
    environment: Environment,
    secret_last4: z.string().describe('The last four characters of the signing secret, to tell secrets apart'),
    failing_since: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** Answered by create and rotate only: the one time the secret is shown. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().describe('whsec_… signing secret (Standard Webhooks); shown only in this answer'),
}).meta({ id: 'WebhookEndpointWithSecret' });

export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);

export const WebhookDelivery = z
  .object({
    id: Id,
    endpoint_id: Id,
    event_id: Id,
    event_type: SentEventType,
    status: WebhookDeliveryStatus,
    attempts: Count,
    next_attempt_at: Timestamp.nullable(),
    last_attempt_at: Timestamp.nullable(),
    last_status_code: z.number().int().min(100).max(599).nullable().describe('The HTTP status of the last answer; null when none came (a timeout, a refused connection)'),
    last_latency_ms: Count.nullable(),
    last_error: z.string().nullable(),
    delivered_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryListQuery = z.strictObject({
  status: WebhookDeliveryStatus.optional().describe('Only deliveries of this status'),
  ...PageQuery,
});

/** One attempt to send a delivery: when, and what came back (an HTTP status) or what stopped it (an error in words). */
export const WebhookAttempt = z
  .object({
    id: Id,
    delivery_id: Id,
    at: Timestamp.describe('When the attempt was sent'),
    status_code: z.number().int().min(100).max(599).nullable().describe("The receiver's HTTP status; null when no answer came (a timeout, a refused connection)"),
    latency_ms: Count.describe('From sending to the end of the answer, or to the failure'),
    error: z.string().nullable().describe('Why the attempt failed, in words ("HTTP 500", "connection refused", "no answer within 10 s"); null for a 2xx'),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookAttemptListQuery = z.strictObject({ ...PageQuery });

/** The answer to deleting an endpoint: its deliveries and their attempts went with it. */
export const WebhookEndpointDeleted = z
  .object({
    id: Id,
    deleted: z.literal(true),
  })
  .meta({ id: 'WebhookEndpointDeleted' });
