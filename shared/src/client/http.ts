import { request, type Dispatcher } from 'undici';
import { NetworkError, redact, type RequestContext } from './errors.js';
import type { ClientLogger } from './logger.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values as callers write them; `undefined` and `null` are left out of the URL. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface HttpRequest {
  method: HttpMethod;
  /** Relative to the base URL, starting with `/`. */
  path: string;
  query?: QueryParams;
  /** Sent as JSON when present. */
  body?: unknown;
  idempotencyKey?: string;
}

/** A complete answer of any status: the body has been read, so the connection is free again. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface AttemptOptions {
  timeoutMs: number;
  signal: AbortSignal | undefined;
  attempt: number;
}

export interface HttpTransportConfig {
  baseUrl: string;
  apiKey: string;
  dispatcher: Dispatcher;
  logger: ClientLogger;
}

export type SendOnce = (req: HttpRequest, options: AttemptOptions) => Promise<RawResponse>;

/** Timeouts raised by an injected dispatcher's own settings, treated like our deadline. */
const undiciTimeoutCodes = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export function buildUrl(baseUrl: string, path: string, query: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

/** One attempt, no retries: either a complete answer (any status) or a `NetworkError`. */
export function createHttpTransport(config: HttpTransportConfig): SendOnce {
  return async (req, { timeoutMs, signal, attempt }) => {
    const context: RequestContext = { method: req.method, path: req.path, attempts: attempt };
    const headers: Record<string, string> = {
      authorization: `Bearer ${config.apiKey}`,
      accept: 'application/json',
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    if (req.idempotencyKey !== undefined) headers['idempotency-key'] = req.idempotencyKey;

    // One deadline covers connect, headers and body: the caller's budget is for a whole answer,
    // and a server that sends headers and then stalls the body must not hang a turnstile.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('deadline'));
    }, timeoutMs);
    const onCallerAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onCallerAbort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });

    const started = Date.now();
    try {
      const response = await request(buildUrl(config.baseUrl, req.path, req.query), {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        dispatcher: config.dispatcher,
        signal: controller.signal,
      });
      const text = await response.body.text();
      const requestId = response.headers['request-id'];
      config.logger.debug({ method: req.method, path: req.path, attempt, status: response.statusCode, requestId, ms: Date.now() - started }, 'api answered');
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      throw toNetworkError(error, { timedOut, callerAborted: signal?.aborted === true, timeoutMs }, context, config.apiKey);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  };
}

function toNetworkError(error: unknown, how: { timedOut: boolean; callerAborted: boolean; timeoutMs: number }, context: RequestContext, apiKey: string): Error {
  const where = `${context.method} ${context.path}`;
  if (how.callerAborted) return NetworkError.cancelled(context);
  const code = (error as { code?: unknown } | null)?.code;
  if (how.timedOut || (typeof code === 'string' && undiciTimeoutCodes.has(code))) {
    return new NetworkError('timeout', `${where}: no complete answer within ${how.timeoutMs} ms`, context, { cause: error });
  }
  // A bad option is a bug in the caller, not a flaky network: surface it as is, never retry it.
  if (code === 'UND_ERR_INVALID_ARG') return error as Error;
  const message = error instanceof Error ? error.message : String(error);
  const detail = typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  return new NetworkError('network_error', `${where}: ${redact(detail, apiKey)}`, context, { cause: error });
}
