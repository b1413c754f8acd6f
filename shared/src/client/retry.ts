import { setTimeout as sleep } from 'node:timers/promises';
import { ApiRequestError, NetworkError } from './errors.js';
import type { HttpMethod } from './http.js';
import type { ClientLogger } from './logger.js';

export interface BackoffOptions {
  /** Ceiling of the first wait; doubles per retry. */
  baseDelayMs: number;
  /** No wait is longer. A `Retry-After` beyond it ends the retries instead of being cut short. */
  maxDelayMs: number;
}

export interface RetryPolicy extends BackoffOptions {
  /** Attempts after the first; 0 disables retrying. */
  retries: number;
  /** Jitter source, in [0, 1). */
  random: () => number;
}

export const defaultBackoff: BackoffOptions = { baseDelayMs: 200, maxDelayMs: 5_000 };
export const defaultRetries = 2;

const idempotentMethods: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/**
 * Whether sending the request twice is safe. A POST without an Idempotency-Key may have been
 * carried out before the failure we saw, so it is never repeated.
 */
export function isRepeatable(method: HttpMethod, idempotencyKey: string | undefined): boolean {
  return idempotentMethods.has(method) || idempotencyKey !== undefined;
}

/** Whether another attempt could succeed where this one failed. Only asked of repeatable requests. */
export function isTransient(error: unknown): error is ApiRequestError | NetworkError {
  if (error instanceof NetworkError) return error.code !== 'aborted';
  if (error instanceof ApiRequestError) return error.transient;
  return false;
}

/** `Retry-After` in seconds, the form the API sends; anything else is ignored. */
export function parseRetryAfterMs(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) * 1000 : undefined;
}

/**
 * Exponential backoff with full jitter (a uniform wait up to the ceiling, so clients that failed
 * together do not retry together), never sooner than the server's `Retry-After`.
 * `retry` counts from 0. Answers undefined when the server asks for a wait longer than we allow.
 */
export function retryDelayMs(retry: number, retryAfterMs: number | undefined, policy: RetryPolicy): number | undefined {
  if (retryAfterMs !== undefined && retryAfterMs > policy.maxDelayMs) return undefined;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.max(retryAfterMs ?? 0, policy.random() * ceiling);
}

export interface RetryContext {
  method: HttpMethod;
  path: string;
  repeatable: boolean;
  policy: RetryPolicy;
  signal: AbortSignal | undefined;
  logger: ClientLogger;
}

/** Runs `attempt` (numbered from 1) until it succeeds, fails for good, or the retries run out. */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, ctx: RetryContext): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const retry = n - 1;
      if (!ctx.repeatable || retry >= ctx.policy.retries || !isTransient(error)) throw error;
      const retryAfterMs = error instanceof ApiRequestError ? error.retryAfterMs : undefined;
      const delayMs = retryDelayMs(retry, retryAfterMs, ctx.policy);
      if (delayMs === undefined) throw error;
      ctx.logger.warn({ method: ctx.method, path: ctx.path, attempt: n, delayMs: Math.round(delayMs), code: error.code }, 'api call failed, retrying');
      await pause(delayMs, ctx, n);
    }
  }
}

async function pause(delayMs: number, ctx: RetryContext, attempts: number): Promise<void> {
  try {
    await sleep(delayMs, undefined, { signal: ctx.signal });
  } catch {
    throw NetworkError.cancelled({ method: ctx.method, path: ctx.path, attempts });
  }
}
