import { z } from 'zod';
import type { ErrorType } from '../errors/codes.js';
import { ApiRequestError, InvalidResponseError, redact, type RequestContext } from './errors.js';
import type { RawResponse } from './http.js';
import { parseRetryAfterMs } from './retry.js';

/** A successful answer with the headers worth keeping. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  /** `Request-Id`: quote it to support. */
  requestId: string | undefined;
  /** The Idempotency-Key sent, the same on every attempt; persist it to retry later. */
  idempotencyKey: string | undefined;
  /** `Idempotent-Replayed: true`: the server answered from an earlier attempt with this key. */
  replayed: boolean;
}

/**
 * Deliberately looser than the shared `ErrorEnvelope`: a newer server may send a type or code this
 * build does not know, and it must reach the caller rather than turn into a generic fallback.
 */
const ReceivedEnvelope = z.object({
  error: z.object({
    type: z.string(),
    code: z.string(),
    message: z.string(),
    param: z.string().nullish(),
    request_id: z.string().optional(),
    reasons: z.array(z.string()).optional(),
  }),
});

function header(raw: RawResponse, name: string): string | undefined {
  const value = raw.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** For answers without our envelope (a proxy's 502 page, say): the type the status implies. */
function typeForStatus(status: number): ErrorType {
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limit';
  return status >= 500 ? 'api_error' : 'invalid_request';
}

export function toApiRequestError(raw: RawResponse, context: RequestContext, apiKey: string): ApiRequestError {
  const json = parseJson(raw.text);
  const envelope = json.ok ? ReceivedEnvelope.safeParse(json.value) : undefined;
  const retryAfterMs = parseRetryAfterMs(raw.headers['retry-after']);
  if (envelope?.success) {
    const { error } = envelope.data;
    return new ApiRequestError(
      redact(error.message, apiKey),
      {
        status: raw.status,
        type: error.type,
        code: error.code,
        param: error.param ?? undefined,
        requestId: error.request_id ?? header(raw, 'request-id'),
        reasons: error.reasons,
        retryAfterMs,
      },
      context,
    );
  }
  const contentType = header(raw, 'content-type') ?? 'no content type';
  return new ApiRequestError(
    `${context.method} ${context.path}: HTTP ${raw.status} without an error envelope (${contentType})`,
    {
      status: raw.status,
      type: typeForStatus(raw.status),
      code: 'http_error',
      param: undefined,
      requestId: header(raw, 'request-id'),
      reasons: undefined,
      retryAfterMs,
    },
    context,
  );
}

function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** Parses a 2xx answer with the endpoint's schema, so callers get typed data or a clear error. */
export function toApiResponse<S extends z.ZodType>(raw: RawResponse, schema: S, context: RequestContext, idempotencyKey: string | undefined): ApiResponse<z.output<S>> {
  const requestId = header(raw, 'request-id');
  const invalid = (why: string) => new InvalidResponseError(`${context.method} ${context.path}: ${why}`, { status: raw.status, requestId }, context);
  const json = parseJson(raw.text);
  if (!json.ok) throw invalid(`HTTP ${raw.status} with a body that is not JSON`);
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) throw invalid(`the answer does not match the expected shape: ${describeIssues(parsed.error)}`);
  return {
    data: parsed.data,
    status: raw.status,
    requestId,
    idempotencyKey,
    replayed: header(raw, 'idempotent-replayed') === 'true',
  };
}
