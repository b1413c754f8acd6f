import { ApiError } from '@studio/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { objectBody, parseWith } from '@studio/shared';
import { bodyLimitOf } from '@studio/shared/contracts';
import type { Db } from '../db/types.js';
import { actorFromAuth, type Actor } from '../domain/actor.js';
import type { StaffSession } from '../modules/staff-accounts/sessions.js';
import type { CursorCodec } from '../pagination/cursor.js';
import { authenticate, requireScope, type AuthContext } from '../plugins/auth.js';
import { keyCacheFor } from '../plugins/key-cache.js';
import { runIdempotent, validateIdempotencyKey } from '../plugins/idempotency.js';
import type { RateLimiter } from '../plugins/rate-limit.js';
import type { HandlerContext, Reply, RouteSpec } from './route.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Who a mounted route acts for, set by its mount's authenticator before the body is read. */
    caller: Caller | null;
  }
}

/** Who a request acts for, and under /app/api the session and web context behind it (under /m/api the member's). */
export interface Caller {
  actor: Actor;
  session?: StaffSession;
  web?: HandlerContext<unknown, unknown, unknown>['web'];
  member?: HandlerContext<unknown, unknown, unknown>['member'];
}

/**
 * How a mount identifies the caller of a route, before the body is read: an API key under /v1, a
 * staff session (cookie, CSRF) under /app/api. Throws to refuse the request.
 */
export type Authenticator = (request: FastifyRequest, reply: FastifyReply, route: RouteSpec) => Promise<Caller>;

export const apiPrefix = '/v1';

/** What a handler is given; `session` and `web` only under /app/api, where the caller has them. */
function context(db: Db, cursors: CursorCodec, request: FastifyRequest, caller: Caller, params: unknown, query: unknown, body: unknown): HandlerContext<unknown, unknown, unknown> {
  const ctx: HandlerContext<unknown, unknown, unknown> = { params, query, body, actor: caller.actor, db, requestId: request.id, cursors };
  if (caller.session) ctx.session = caller.session;
  if (caller.web) ctx.web = caller.web;
  if (caller.member) ctx.member = caller.member;
  return ctx;
}

/** The URL's path, without its query: what an idempotency key is bound to. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The API's authenticator: key, rate limit and scope. */
export function apiKeyAuthenticator(db: Db, limiter: RateLimiter): Authenticator {
  // Made now, outside any transaction (key-cache.ts): the app is built before it serves.
  keyCacheFor(db);
  return async (request, _reply, route) => {
    try {
      request.auth = await authenticate(db, request.headers.authorization);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_api_key') await limiter.refuseAnonymous(request);
      throw error;
    }
    await limiter.admitKey(request);
    requireScope(request.auth, route.scopes);
    if (route.alsoRequires) for (const scope of route.alsoRequires) requireScope(request.auth, [scope]);
    return { actor: actorFromAuth(request.auth) };
  };
}

/**
 * Mounts routes under `prefix` (by default /v1, with API keys); the same RouteSpec objects mount
 * again under /app/api with staff sessions (web/mount-web.ts). Order per request: the caller (key
 * or session, rate limit, scope and a session's role, before the body is even read), then the body
 * read within the contract's limit and depth (plugins/errors.ts), then path, query and body
 * validation, then the handler, inside an idempotency claim when keyed.
 */
export function mountRoutes(app: FastifyInstance, db: Db, cursors: CursorCodec, routes: readonly RouteSpec[], authenticator: Authenticator, prefix = apiPrefix): void {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
  if (!app.hasRequestDecorator('caller')) app.decorateRequest('caller', null);
  for (const route of routes) {
    app.route({
      method: route.method,
      url: prefix + route.path,
      // Fastify refuses a longer body by its Content-Length before reading it, or once the bytes read pass it.
      bodyLimit: bodyLimitOf(route),
      onRequest: async (request, reply) => {
        request.caller = await authenticator(request, reply, route);
      },
      handler: async (request, reply) => {
        const params = route.params ? parseWith(route.params, request.params) : undefined;
        const query = route.query ? parseWith(route.query, request.query) : undefined;
        // Checked on a route that takes no body too: a body that is not an object is 400, `param: "body"`.
        const sent = objectBody(request.body);
        const body = route.body ? parseWith(route.body, sent) : undefined;
        const key = route.idempotent ? validateIdempotencyKey(request.headers['idempotency-key']) : undefined;
        const caller = request.caller!;
        const actor = caller.actor;
        let result: Reply;
        if (key === undefined) {
          result = await route.handler(context(db, cursors, request, caller, params, query, body));
        } else {
          const path = pathOf(request.url);
          const idempotent = await runIdempotent(db, { companyId: actor.companyId, key, method: route.method, path, body: request.body ?? {}, requestId: request.id, actor }, () =>
            route.handler(context(db, cursors, request, caller, params, query, body)),
          );
          if (idempotent.replayed) {
            reply.header('Idempotent-Replayed', 'true');
            // A replayed refusal keeps its body word for word, so its request_id names the first request [Stripe].
            const original = (idempotent.body as { error?: { request_id?: unknown } } | null)?.error?.request_id;
            if (typeof original === 'string') reply.header('Original-Request', original);
          }
          result = idempotent;
        }
        if (result.headers) reply.headers(result.headers);
        return reply.code(result.status).send(result.body);
      },
    });
  }
}
