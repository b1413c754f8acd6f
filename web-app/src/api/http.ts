/**
 * The one way the web app talks to the server: same-origin fetch with the session cookie (HttpOnly,
 * so never read here), the session's CSRF token on every write, and the API's error envelope turned
 * into an ApiRequestError whose message is shown as is, with its request id.
 */
import { commonWords } from '../i18n/outside.ts';

export const apiBase = '/app/api';

const writeMethods = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export interface ErrorDetails {
  reasons?: string[];
  [key: string]: unknown;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
    readonly param: string | null = null,
    readonly details: ErrorDetails | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** Refusal reasons of a `checkin_blocked`: the web endpoint puts them in details, the API in the error itself. */
  get reasons(): string[] {
    return this.details?.reasons ?? [];
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** One per attempt of a create that must not happen twice (a sale). */
  idempotencyKey?: string;
}

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  setCsrfToken(token: string | null): void;
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Unreachable server, proxy error page, anything without our envelope: a sentence the desk can act on, in its language. */
const unreachable = () => commonWords()('error.unreachable');

export function createHttpClient(fetchImpl: FetchLike, base = apiBase): HttpClient {
  let csrfToken: string | null = null;
  return {
    setCsrfToken(token) {
      csrfToken = token;
    },
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      const method = options.method ?? 'GET';
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (writeMethods.has(method) && csrfToken) headers['X-CSRF-Token'] = csrfToken;
      if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
      const init: RequestInit = { method, headers, credentials: 'same-origin' };
      if (options.body !== undefined) init.body = JSON.stringify(options.body);
      if (options.signal) init.signal = options.signal;
      let response: Response;
      try {
        response = await fetchImpl(base + path, init);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiRequestError(0, 'network_error', unreachable(), null);
      }
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      const parsed = parseJson(text);
      if (response.ok) return parsed as T;
      throw errorFromEnvelope(response.status, parsed, response.headers.get('x-request-id'));
    },
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function errorFromEnvelope(status: number, body: unknown, headerRequestId: string | null = null): ApiRequestError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (!error || typeof error.message !== 'string') {
    return new ApiRequestError(status, status >= 500 || status === 0 ? 'server_unreachable' : 'unexpected_response', unreachable(), headerRequestId);
  }
  const code = typeof error.code === 'string' ? error.code : 'api_error';
  const requestId = typeof error.request_id === 'string' ? error.request_id : headerRequestId;
  const param = typeof error.param === 'string' ? error.param : null;
  // The API's envelope puts a code's extra fields (reasons, a card's holder) beside the message; a web endpoint may nest them in `details`.
  const extra = Object.fromEntries(Object.entries(error).filter(([key]) => !envelopeFields.has(key)));
  let details: ErrorDetails | null = isRecord(error.details) || Object.keys(extra).length > 0 ? { ...(isRecord(error.details) ? error.details : {}), ...extra } : null;
  if (Array.isArray(error.reasons)) details = { ...details, reasons: error.reasons.filter((r): r is string => typeof r === 'string') };
  return new ApiRequestError(status, code, error.message, requestId, param, details);
}

const envelopeFields = new Set(['type', 'code', 'message', 'param', 'request_id', 'details']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The browser's client: one per page load. */
export const http = createHttpClient((input, init) => fetch(input, init));
