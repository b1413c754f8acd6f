import type { RouteContract } from '@studio/shared/contracts';
import type { JsonSchema } from './json-schema.js';

/**
 * The response headers the server sends. Written out in each response rather than referenced from
 * components: a generator (openapi-typescript) reads `required` only from a header written in place.
 */
const responseHeaders: Record<string, JsonSchema> = {
  RequestId: {
    description: "This request's id, equal to `error.request_id` of an error it answers (of a replayed error, see `Original-Request`).",
    required: true,
    schema: { type: 'string' },
  },
  IdempotentReplayed: {
    description: '`true` when the answer is the replay of a request sent earlier with the same `Idempotency-Key`.',
    schema: { type: 'string', enum: ['true'] },
  },
  OriginalRequest: {
    description: "On a replayed error: the id of the first request, which the replayed body's `request_id` names.",
    schema: { type: 'string' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  WwwAuthenticate: {
    description: 'The scheme a key is expected in (RFC 6750): `Bearer realm="studio"`, with `error="invalid_token"` when a key was sent but refused.',
    required: true,
    schema: { type: 'string' },
  },
};

const ref = (name: string) => responseHeaders[name]!;

/** Statuses whose answer says when to come back: rate limited, unavailable, storage full. */
const retryStatuses = new Set([429, 503, 507]);

/** The headers of one response of `route` with `status`. */
export function headersFor(route: RouteContract, status: number): Record<string, JsonSchema> {
  return {
    'Request-Id': ref('RequestId'),
    ...(route.idempotent && { 'Idempotent-Replayed': ref('IdempotentReplayed'), 'Original-Request': ref('OriginalRequest') }),
    ...(retryStatuses.has(status) && { 'Retry-After': ref('RetryAfter') }),
    ...(status === 401 && { 'WWW-Authenticate': ref('WwwAuthenticate') }),
  };
}
