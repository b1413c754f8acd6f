import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@studio/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The CSRF token of a session: derived from its token, so nothing is stored and every server
 * process agrees. A page of another site can neither read it (same-origin policy) nor the cookie
 * (HttpOnly) it is derived from; the one-way hash means the token reveals nothing of the session's.
 */
export function csrfToken(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');
}

const refused = () => new ApiError('csrf_failed', 'This request did not come from the studio web app; reload the page and try again.');

/** Writes change state; reads never need the token (a GET must change nothing). */
export function changesState(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/** The request's own origin, scheme and host as the browser addressed it. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`.toLowerCase();
}

/**
 * A write must say it comes from this origin: every browser sends `Origin` on a cross-site POST
 * (and on a same-origin one), so an absent or foreign one is refused. The request's own host was
 * checked against the allowed hosts first (allowed-hosts.ts), so an Origin that passes names an
 * allowed host too: a DNS-rebinding page, whose Origin and Host both name the attacker's host, is
 * refused there.
 */
export function checkOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin.toLowerCase() !== ownOrigin(request)) throw refused();
}

/** The `X-CSRF-Token` header must be the session's token, compared in constant time. */
export function checkCsrfToken(request: FastifyRequest, sessionToken: string): void {
  const sent = request.headers['x-csrf-token'];
  if (typeof sent !== 'string') throw refused();
  // Hashing both sides makes the lengths equal, as timingSafeEqual requires, without leaking the expected length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  if (!timingSafeEqual(digest(sent), digest(csrfToken(sessionToken)))) throw refused();
}
