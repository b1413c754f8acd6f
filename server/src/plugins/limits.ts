import { ApiError } from '@studio/shared';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { shareConnections } from './connection-shares.js';

/** What one server process lets a client do (README, Limits). */
export interface ServerLimits {
  rateLimitMax: number;
  rateLimitWindowMs: number;
  rateLimitAnonymousMax: number;
  /** Requests per staff account (all its sessions) per window; 0: no limit. */
  rateLimitSessionMax: number;
  maxHeaderBytes: number;
  maxUrlLength: number;
  maxQueryParams: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  socketTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** The most one address holds of `maxConnections`; a newcomer at the cap takes one from the largest holder (connection-shares.ts). */
  maxConnectionsPerAddress: number;
  shutdownTimeoutMs: number;
}

/**
 * The HTTP server's own limits (README, Limits): header size and time, whole-request time, idle
 * sockets and keep-alive, set explicitly rather than left to Node's defaults.
 */
export function serverOptions(limits: ServerLimits): Pick<FastifyServerOptions, 'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'return503OnClosing'> & {
  http: { maxHeaderSize: number; headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    connectionTimeout: limits.socketTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the header and request timeouts on this interval, so a slow client is cut off
      // between the timeout and the timeout plus this.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    // Our own drain answer below is in the error envelope; Fastify's built-in one is not.
    return503OnClosing: false,
  };
}

function queryParamCount(url: string): number {
  const start = url.indexOf('?');
  if (start === -1) return 0;
  return url
    .slice(start + 1)
    .split('&')
    .filter((pair) => pair !== '').length;
}

/**
 * Registers the drain switch and answers the per-request check, run first on every request (before
 * the key is even looked up): the URL's length and its number of query parameters; and, once
 * shutdown has begun, a retryable 503 for requests that still arrive on open connections.
 */
export function requestLimits(app: FastifyInstance, limits: ServerLimits): (request: FastifyRequest) => void {
  // The budget counts and shares the connections itself: Node's own cap would close a newcomer
  // before the share could make room for it.
  shareConnections(app.server, { maxConnections: limits.maxConnections, perAddress: limits.maxConnectionsPerAddress });
  // Node answers an `Expect` other than 100-continue with a bare 417 of its own; RFC 9110 lets a
  // server ignore it instead, so such a request is served like any other, in the envelope.
  app.server.on('checkExpectation', (request, response) => app.routing(request, response));
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  return (request) => {
    if (draining) throw new ApiError('unavailable', 'The server is shutting down; retry shortly.', { retryAfter: 1 });
    if (request.url.length > limits.maxUrlLength) {
      throw new ApiError('url_too_long', `The URL is longer than ${limits.maxUrlLength} characters.`);
    }
    if (queryParamCount(request.url) > limits.maxQueryParams) {
      throw new ApiError('invalid_param', `At most ${limits.maxQueryParams} query parameters are accepted.`, { param: 'query' });
    }
  };
}
