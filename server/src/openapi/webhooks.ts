import { eventEnvelopes, testEventType, type SentEventType } from '@studio/shared';
import { toJsonSchema, type JsonSchema } from './json-schema.js';

/** The Standard Webhooks headers every delivery carries (docs/webhooks.md, "What a receiver gets"). */
const signingHeaders: JsonSchema[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: "The event's `id`, the same on every retry and resend: store it and drop a repeat.",
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was sent, in Unix seconds: refuse one more than five minutes off.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      "`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint's secret; for 24 hours after a rotation, two of them (one per secret) separated by a space. Verify with any Standard Webhooks library and the raw body.",
    schema: { type: 'string' },
  },
];

/** `class_attendee.checked_in` -> `classAttendeeCheckedInWebhook`: the entry's operationId. */
const operationIdOf = (type: string) => `${type.replace(/[._](\w)/g, (_m, letter: string) => letter.toUpperCase())}Webhook`;

function entry(type: SentEventType, components: Record<string, JsonSchema>): JsonSchema {
  const test = type === testEventType;
  return {
    post: {
      operationId: operationIdOf(type),
      summary: test ? 'A test event (webhook.test)' : `The ${type} event`,
      description: test
        ? 'Sent to one endpoint only, by POST /v1/webhook_endpoints/{id}/send_test or the Developers page: nothing changed at the studio, it tests that the receiver verifies signatures. No endpoint subscribes to it and GET /v1/events never lists it.'
        : `POSTed to every enabled endpoint subscribed to \`${type}\` (or to \`*\`) of the event's environment, and listed by GET /v1/events. \`data\` is in the shape the API answers it elsewhere.`,
      tags: ['Webhooks'],
      // The server calls the receiver: no key, the signing headers authenticate the request.
      security: [],
      parameters: signingHeaders,
      requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(eventEnvelopes[type], 'output', components) } } },
      responses: {
        '2XX': { description: 'Delivered: any 2xx answered within the timeout.' },
        default: { description: 'Anything else (or no answer in time) is retried with exponential backoff for about three days.' },
      },
    },
  };
}

/** The document's `webhooks`: one entry per event type, its body the event of that type (OpenAPI 3.1). */
export function webhookEntries(components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries((Object.keys(eventEnvelopes) as SentEventType[]).map((type) => [type, entry(type, components)]));
}
