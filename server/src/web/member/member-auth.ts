import { ApiError } from '@studio/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import type { MemberRequestContext } from '../../http/member-context.js';
import type { Authenticator } from '../../http/mount.js';
import { memberSessionFromToken } from '../../modules/member-auth/sessions.js';
import type { MemberAuthSettings } from '../../modules/member-auth/settings.js';
import type { RateLimiter } from '../../plugins/rate-limit.js';
import { changesState, checkCsrfToken, checkOrigin } from '../csrf.js';
import { clearMemberCookie, sentMemberToken, setMemberCookie } from './member-cookie.js';

/** Who a signed-out /m/api route acts as: no company, scope or location, as the staff app's signed-out visitor. */
const signedOutMember: Actor = { companyId: '', environment: 'live', identity: { kind: 'system', name: 'signed-out member' }, scopes: [], locationIds: [] };

function memberContext(request: FastifyRequest, reply: FastifyReply, settings: MemberAuthSettings, limiter: RateLimiter): MemberRequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    settings,
    address: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
    origin: `${request.protocol}://${request.host}`,
    sentToken: sentMemberToken(request),
    startSession: (opened) => setMemberCookie(request, reply, opened.token, opened.expiresAt),
    endSession: () => clearMemberCookie(request, reply),
    admitAnonymous: () => limiter.admitAnonymous(request),
  };
}

/**
 * The members' app's authenticator, as the staff app's (web/session-auth.ts): the member cookie is
 * read first (401 without a live one), the request counts against the member's budget, and a write
 * needs a same-origin `Origin` and the session's CSRF token. A signed-out route's write needs the
 * Origin. The actor is the member's (domain/actor.ts `memberActor`): no scope, no location.
 */
export function memberAuthenticator(db: Db, settings: MemberAuthSettings, limiter: RateLimiter): Authenticator {
  return async (request, reply, route) => {
    const member = memberContext(request, reply, settings, limiter);
    if (route.signedOut) {
      if (changesState(request.method)) checkOrigin(request);
      return { actor: signedOutMember, member };
    }
    if (member.sentToken === undefined) throw new ApiError('invalid_session', 'You are signed out; sign in again with a code sent to your email.');
    const session = await memberSessionFromToken(db, settings, member.sentToken).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'invalid_session') member.endSession();
      throw error;
    });
    member.startSession({ token: member.sentToken, expiresAt: session.expiresAt });
    await limiter.admitAccount(request, `member:${session.contactId}`);
    if (changesState(request.method)) {
      checkOrigin(request);
      checkCsrfToken(request, member.sentToken);
    }
    return { actor: session.actor, member: { ...member, session } };
  };
}
