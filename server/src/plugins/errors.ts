import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, assertJsonDepth } from '@studio/shared';
import { defaultBodyLimitBytes } from '@studio/shared/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, isStorageFull } from '../db/errors.js';
import { envelope } from './envelope.js';

/**
 * `req_` and 24 hex digits. Taken from a random UUID, which Node draws from a pool of entropy, not a
 * system call per request as randomBytes is; its fixed version digit is left out.
 */
export function newRequestId(): string {
  const uuid = randomUUID();
  return `req_${uuid.slice(0, 8)}${uuid.slice(9, 13)}${uuid.slice(15, 18)}${uuid.slice(19, 23)}${uuid.slice(24, 29)}`;
}

/** A byte count as a person reads it: 64 KiB, 1 MiB. */
function bytesInWords(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** Fastify's own request errors, mapped onto the registry. */
function fromFastifyError(error: FastifyError, request: FastifyRequest): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('request_too_large', `The request body is larger than this operation takes, ${bytesInWords(request.routeOptions.bodyLimit ?? defaultBodyLimitBytes)}.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'Send request bodies as application/json.', { param: 'Content-Type' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('invalid_param', 'Content-Length does not match the body.', { param: 'Content-Length' });
    case 'FST_ERR_BAD_URL':
      return new ApiError('invalid_param', 'The URL is not valid: check its percent-encoding.', { param: 'url' });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError('invalid_param', 'A path parameter is longer than any id.', { param: 'url' });
  }
  if (error instanceof SyntaxError) return new ApiError('invalid_json', 'The request body is not valid JSON.');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError('invalid_param', 'The request could not be read.');
  }
  return undefined;
}

/**
 * What of an unexpected error may be logged: never a driver's `detail` or `where`, which quote the
 * row's values (a card number in a unique key, a contact's phone).
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const { name, message, stack, code } = (error ?? {}) as { name?: string; message?: string; stack?: string; code?: unknown };
  return { type: name, code, message, stack };
}

export function toApiError(error: unknown, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  const known = fromFastifyError(error as FastifyError, request);
  if (known) return known;
  if (isStorageFull(error)) {
    // The transaction was rolled back whole; the operator has to free space, so not "briefly".
    request.log.error({ err: loggableError(error) }, 'database storage full');
    return new ApiError('storage_full', 'The server is out of disk space; nothing was written. Retry later.', { retryAfter: 30 });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: loggableError(error) }, 'database unavailable');
    return new ApiError('unavailable', 'The service is briefly unavailable; retry shortly.', { retryAfter: 1 });
  }
  // Internals go to the log under the request id, never into the answer.
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  return new ApiError('internal_error', 'Something went wrong on our side. Quote the request id to support.');
}

/**
 * RFC 6750: a 401 names the scheme it wants; `invalid_token` only when a credential was sent and
 * refused (a request without one gets no error code).
 */
function wwwAuthenticate(authorization: string | undefined): string {
  return authorization === undefined ? 'Bearer realm="studio"' : 'Bearer realm="studio", error="invalid_token"';
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  // Also here: errors raised before the onRequest hooks (a bad URL) never ran the one that sets it.
  reply.header('Request-Id', reply.request.id);
  if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  if (error.code === 'invalid_api_key') reply.header('WWW-Authenticate', wwwAuthenticate(reply.request.headers.authorization));
  return reply.code(error.status).type('application/json; charset=utf-8').send(envelope(error, reply.request.id));
}

/** What Node's HTTP parser refused, before Fastify saw a request (README, Limits). */
function fromClientError(error: NodeJS.ErrnoException): ApiError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new ApiError('request_timeout', 'The request was not received in time.');
  if (error.code === 'HPE_HEADER_OVERFLOW') return new ApiError('headers_too_large', 'The request line and headers are too large.');
  return new ApiError('invalid_param', 'The request is not valid HTTP.');
}

/**
 * Node's `clientError`: no request object exists, so the envelope is written to the socket, which
 * is then closed. Only the error's code is logged: its raw packet may hold the Authorization header.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError = fromClientError(error);
  const id = newRequestId();
  this.log.debug({ code: error.code, request_id: id }, 'client error');
  // As Node itself does: never write into a response whose head has already gone out.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(envelope(apiError, id));
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nRequest-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Errors Fastify's router raises itself (a malformed URL, an overlong path parameter). */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendError(reply, toApiError(error, request));
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/** The one error handler, the 404 handler, and the one body parser: JSON at most `maxJsonDepth` deep, an empty body taken as `{}`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(reply, toApiError(error, request)));
  app.setNotFoundHandler((request, reply) => sendError(reply, new ApiError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`)));
  // Fastify parses text/plain by default: such a body reached the schema as a string (400 with no
  // `param`). Only JSON is accepted, so any other type is 415 `unsupported_media_type`.
  app.removeContentTypeParser('text/plain');
  // Fastify types the parser as callback-or-promise; the default JSON parser is the callback form
  // (it returns nothing and always calls `done`), so there is no promise to await here.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (request: FastifyRequest, body: string, done: ParserDone) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    // Before the parse: JSON.parse and every walk of its result after it recurse per level.
    try {
      assertJsonDepth(text);
    } catch (error) {
      return done(error as Error);
    }
    parseJson(request, text, done);
  });
}
