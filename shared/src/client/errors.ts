import type { ErrorCode, ErrorType } from '../errors/codes.js';

/** Where a failure happened, carried by every client error so logs need no extra context. */
export interface RequestContext {
  method: string;
  path: string;
  /** Attempts made, retries included: tells "failed at once" from "failed after retrying". */
  attempts: number;
}

/** The base of every error the client throws; branch on the subclass or on `code`. */
export abstract class StudioClientError extends Error {
  abstract readonly code: string;
  readonly method: string;
  readonly path: string;
  readonly attempts: number;

  constructor(message: string, context: RequestContext, options?: ErrorOptions) {
    super(message, options);
    this.method = context.method;
    this.path = context.path;
    this.attempts = context.attempts;
  }
}

export interface ApiRequestErrorFields {
  status: number;
  type: ErrorType | (string & {});
  code: ErrorCode | (string & {});
  param: string | undefined;
  requestId: string | undefined;
  reasons: string[] | undefined;
  /** From `Retry-After`, so a caller that gave up (an outbox) can schedule its own retry. */
  retryAfterMs: number | undefined;
}

/**
 * The server answered, and said no: a non-2xx status. Mirrors the spec's envelope. `type` and `code`
 * are typed as the registry's but accept any string: a newer server may send codes this build
 * does not know, and they must reach the caller unchanged.
 */
export class ApiRequestError extends StudioClientError {
  readonly status: number;
  readonly type: ApiRequestErrorFields['type'];
  readonly code: ApiRequestErrorFields['code'];
  readonly param: string | undefined;
  readonly requestId: string | undefined;
  readonly reasons: string[] | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, fields: ApiRequestErrorFields, context: RequestContext) {
    super(message, context);
    this.name = 'ApiRequestError';
    this.status = fields.status;
    this.type = fields.type;
    this.code = fields.code;
    this.param = fields.param;
    this.requestId = fields.requestId;
    this.reasons = fields.reasons;
    this.retryAfterMs = fields.retryAfterMs;
  }

  /** Worth trying again later (with the same Idempotency-Key): the refusal was not about the request. */
  get transient(): boolean {
    return this.status === 429 || this.status >= 500 || this.code === 'idempotency_key_in_use';
  }
}

export type NetworkErrorCode = 'network_error' | 'timeout' | 'aborted';

/**
 * The server could not be reached or did not answer in time: no status, and for a write no
 * knowledge of whether it happened. `aborted` means the caller's own signal cancelled the call.
 */
export class NetworkError extends StudioClientError {
  readonly code: NetworkErrorCode;

  constructor(code: NetworkErrorCode, message: string, context: RequestContext, options?: ErrorOptions) {
    super(message, context, options);
    this.name = 'NetworkError';
    this.code = code;
  }

  static cancelled(context: RequestContext): NetworkError {
    return new NetworkError('aborted', `${context.method} ${context.path}: cancelled by the caller`, context);
  }
}

/** A 2xx answer whose body is not JSON or does not match the schema: a client/server version mismatch. */
export class InvalidResponseError extends StudioClientError {
  readonly code = 'invalid_response' as const;
  readonly status: number;
  readonly requestId: string | undefined;

  constructor(message: string, fields: { status: number; requestId: string | undefined }, context: RequestContext) {
    super(message, context);
    this.name = 'InvalidResponseError';
    this.status = fields.status;
    this.requestId = fields.requestId;
  }
}

/**
 * Removes the API key from text that came from elsewhere (a server message, a socket error): a
 * proxy may echo headers, and an error message ends up in logs.
 */
export function redact(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join('[redacted]');
}
