import { ApiError } from '@studio/shared';
import type { StaffRole } from '@studio/shared/web-app';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/types.js';
import type { Actor } from '../domain/actor.js';
import type { Authenticator } from '../http/mount.js';
import type { RateLimiter } from '../plugins/rate-limit.js';
import type { RouteSpec } from '../http/route.js';
import { sessionFromToken } from '../modules/staff-accounts/sessions.js';
import type { StaffAuthSettings } from '../modules/staff-accounts/settings.js';
import type { WebRequestContext } from '../http/web-context.js';
import type { StreamActor } from './desk/today-stream.js';
import { changesState, checkCsrfToken, checkOrigin } from './csrf.js';
import { clearSessionCookie, sentSessionToken, setSessionCookie } from './session-cookie.js';

/**
 * Who a signed-out route (sign-in, owner setup) acts as: no company, no scope, no location, so
 * any service it reached by mistake would find and allow nothing.
 */
const signedOutVisitor: Actor = { companyId: '', environment: 'live', identity: { kind: 'system', name: 'signed-out visitor' }, scopes: [], locationIds: [] };

function webContext(request: FastifyRequest, reply: FastifyReply, settings: StaffAuthSettings, limiter: RateLimiter): WebRequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    settings,
    address: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
    origin: `${request.protocol}://${request.host}`,
    sentToken: sentSessionToken(request),
    startSession: (opened) => setSessionCookie(request, reply, opened.token, opened.expiresAt),
    endSession: () => clearSessionCookie(request, reply),
    admitAnonymous: () => limiter.admitAnonymous(request),
  };
}

/** The session's actor with the address its request came from: "password again" counts wrong tries by it. */
function fromAddress(actor: Actor, address: string): Actor {
  return actor.identity.kind === 'staff_user' ? { ...actor, identity: { ...actor.identity, address } } : actor;
}

const signedOut = () => new ApiError('invalid_session', 'You are signed out; sign in again.');

const roleWords: Record<StaffRole, string> = { owner: 'an owner', manager: 'a manager', front_desk: 'the front desk' };

/** The route's `roles`, before its body is read: the rule a service states again for the finer cases. */
function requireRole(actor: Actor, route: Pick<RouteSpec, 'roles'>): void {
  if (!route.roles || actor.identity.kind !== 'staff_user') return;
  if ((route.roles as readonly string[]).includes(actor.identity.role)) return;
  const who = route.roles.map((role) => roleWords[role]);
  const ask = route.roles.length === 1 ? `ask ${who[0]}` : 'ask one of them';
  throw new ApiError('role_not_allowed', `Only ${who.join(' or ')} may do this; ${ask}.`);
}

function requireScopes(actor: Actor, route: Pick<RouteSpec, 'scopes' | 'alsoRequires'>): void {
  for (const anyOf of [route.scopes, ...(route.alsoRequires ?? []).map((scope) => [scope])]) {
    if (anyOf.length > 0 && !anyOf.some((scope) => actor.scopes.includes(scope))) {
      throw new ApiError('insufficient_scope', `Your staff role may not do this (it needs ${anyOf.join(' or ')}).`);
    }
  }
}

/**
 * The web app's authenticator: the session cookie stands for a staff member, whose actor the
 * handler gets; its request counts against its account's rate limit; a write also needs a
 * same-origin `Origin` and the session's CSRF token; then the route's roles and scopes. The session
 * is read first, so a signed-out browser learns it must sign in (401) whatever it sent. All of it
 * runs before the body is read.
 */
export function sessionAuthenticator(db: Db, settings: StaffAuthSettings, limiter: RateLimiter): Authenticator {
  return async (request, reply, route) => {
    const web = webContext(request, reply, settings, limiter);
    if (route.signedOut) {
      if (changesState(request.method)) checkOrigin(request);
      return { actor: signedOutVisitor, web };
    }
    if (web.sentToken === undefined) throw signedOut();
    const session = await sessionFromToken(db, settings, web.sentToken).catch((error: unknown) => {
      // A dead session's cookie is cleared, so the browser stops sending it.
      if (error instanceof ApiError && error.code === 'invalid_session') web.endSession();
      throw error;
    });
    // Each use pushes the session's idle expiry back: the cookie follows, or it would end first.
    web.startSession({ token: web.sentToken, expiresAt: session.expiresAt });
    await limiter.admitAccount(request, session.account.id);
    if (changesState(request.method)) {
      checkOrigin(request);
      checkCsrfToken(request, web.sentToken);
    }
    requireRole(session.actor, route);
    requireScopes(session.actor, route);
    return { actor: fromAddress(session.actor, web.address), session, web };
  };
}

/**
 * The signed-in staff member of a GET that is no RouteSpec (the Today stream, which answers events,
 * not JSON): the same session and scope checks, without the cookie's renewal, since a stream's
 * headers are written by hand; the page's next JSON request renews it. A `recheck` (the stream
 * asking whether it may go on) does not count as use, or an open tab would never idle out.
 */
export function sessionActor(db: Db, settings: StaffAuthSettings, scopes: Pick<RouteSpec, 'scopes' | 'alsoRequires'>): StreamActor {
  return async (request, use = 'open') => {
    const token = sentSessionToken(request);
    if (token === undefined) throw signedOut();
    const session = await sessionFromToken(db, settings, token, { touch: use === 'open' });
    requireScopes(session.actor, scopes);
    return session.actor;
  };
}
