import type { z } from 'zod';
import type { HttpRequest, SendOnce } from './http.js';
import type { ClientLogger } from './logger.js';
import { toApiRequestError, toApiResponse, type ApiResponse } from './response.js';
import { isRepeatable, withRetries, type RetryPolicy } from './retry.js';

/** Per-call settings; each falls back to the client's. */
export interface CallOptions {
  /** Budget of one attempt (connect, headers and body). Retries get the same budget each. */
  timeoutMs?: number;
  /** Attempts after the first; 0 disables. Only repeatable requests are ever retried. */
  retries?: number;
  /** Cancels the call, waits between retries included: a hard overall budget, or shutdown. */
  signal?: AbortSignal;
}

export interface KeyedCallOptions extends CallOptions {
  /**
   * The Idempotency-Key to send. Omitted: a fresh one per call. Pass your own (and persist it
   * first) to retry a create across process restarts without creating it twice.
   */
  idempotencyKey?: string;
}

export interface RequestSpec<S extends z.ZodType> extends HttpRequest {
  /** Validates a 2xx body; its output is the typed result. */
  schema: S;
}

export type Requester = <S extends z.ZodType>(spec: RequestSpec<S>, options?: CallOptions) => Promise<ApiResponse<z.output<S>>>;

export interface RequesterConfig {
  sendOnce: SendOnce;
  apiKey: string;
  timeoutMs: number;
  retry: RetryPolicy;
  logger: ClientLogger;
}

/**
 * One logical call: attempts with the same Idempotency-Key until one answers 2xx, then the body
 * parsed with the spec's schema. A non-2xx answer becomes an `ApiRequestError`.
 */
export function createRequester(config: RequesterConfig): Requester {
  return async (spec, options = {}) => {
    const { schema, ...req } = spec;
    const policy = { ...config.retry, retries: options.retries ?? config.retry.retries };
    return withRetries(
      async (attempt) => {
        const raw = await config.sendOnce(req, { timeoutMs: options.timeoutMs ?? config.timeoutMs, signal: options.signal, attempt });
        const context = { method: req.method, path: req.path, attempts: attempt };
        if (raw.status < 200 || raw.status >= 300) throw toApiRequestError(raw, context, config.apiKey);
        return toApiResponse(raw, schema, context, req.idempotencyKey);
      },
      {
        method: req.method,
        path: req.path,
        repeatable: isRepeatable(req.method, req.idempotencyKey),
        policy,
        signal: options.signal,
        logger: config.logger,
      },
    );
  };
}
