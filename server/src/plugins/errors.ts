import { ApiError } from '@studio/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.js';
import { envelope } from './envelope.js';

/** Fastify's own request errors, mapped onto the registry. */
function fromFastifyError(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('request_too_large', 'The request body is larger than 1 MiB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'Send request bodies as application/json.', { param: 'Content-Type' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('invalid_param', 'Content-Length does not match the body.', { param: 'Content-Length' });
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
  const known = fromFastifyError(error as FastifyError);
  if (known) return known;
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: loggableError(error) }, 'database unavailable');
    return new ApiError('unavailable', 'The service is briefly unavailable; retry shortly.', { retryAfter: 1 });
  }
  // Internals go to the log under the request id, never into the answer.
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  return new ApiError('internal_error', 'Something went wrong on our side. Quote the request id to support.');
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  return reply.code(error.status).type('application/json; charset=utf-8').send(envelope(error, reply.request.id));
}

/** The one error handler, the 404 handler, and a JSON parser that takes an empty body as `{}`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(reply, toApiError(error, request)));
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new ApiError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`)),
  );
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
