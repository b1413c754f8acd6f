import { ApiError } from '@studio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody, parseWith } from '@studio/shared';
import type { Db } from '../db/types.js';
import { actorFromAuth, type Actor } from '../domain/actor.js';
import type { CursorCodec } from '../pagination/cursor.js';
import { authenticate, requireScope, type AuthContext } from '../plugins/auth.js';
import { runIdempotent, validateIdempotencyKey } from '../plugins/idempotency.js';
import type { RateLimiter } from '../plugins/rate-limit.js';
import type { HandlerContext, Reply, RouteSpec } from './route.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const apiPrefix = '/v1';

function context(
  db: Db,
  cursors: CursorCodec,
  request: FastifyRequest,
  actor: Actor,
  input: Pick<HandlerContext<unknown, unknown, unknown>, 'params' | 'query' | 'body'>,
): HandlerContext<unknown, unknown, unknown> {
  return { ...input, actor, db, requestId: request.id, cursors };
}

/**
 * Mounts routes under /v1. Order per request: key, rate limit and scope (before the body is even
 * read), then path, query and body validation, then the handler, inside an idempotency claim when keyed.
 */
export function mountRoutes(app: FastifyInstance, db: Db, cursors: CursorCodec, routes: readonly RouteSpec[], limiter: RateLimiter): void {
  app.decorateRequest('auth', null);
  for (const route of routes) {
    app.route({
      method: route.method,
      url: apiPrefix + route.path,
      onRequest: async (request) => {
        try {
          request.auth = await authenticate(db, request.headers.authorization);
        } catch (error) {
          if (error instanceof ApiError && error.code === 'invalid_api_key') await limiter.refuseAnonymous(request);
          throw error;
        }
        await limiter.admitKey(request);
        requireScope(request.auth, route.scopes);
        for (const scope of route.alsoRequires ?? []) requireScope(request.auth, [scope]);
      },
      handler: async (request, reply) => {
        const input = {
          params: route.params ? parseWith(route.params, request.params) : undefined,
          query: route.query ? parseWith(route.query, request.query) : undefined,
          body: route.body ? parseBody(route.body, request.body) : undefined,
        };
        const key = route.idempotent ? validateIdempotencyKey(request.headers['idempotency-key']) : undefined;
        const actor = actorFromAuth(request.auth!);
        let result: Reply;
        if (key === undefined) {
          result = await route.handler(context(db, cursors, request, actor, input));
        } else {
          const path = request.url.split('?')[0]!;
          const idempotent = await runIdempotent(db, { companyId: actor.companyId, key, method: route.method, path, body: request.body ?? {}, requestId: request.id, actor }, () =>
            route.handler(context(db, cursors, request, actor, input)),
          );
          if (idempotent.replayed) {
            reply.header('Idempotent-Replayed', 'true');
            // A replayed refusal keeps its body word for word, so its request_id names the first request [Stripe].
            const original = (idempotent.body as { error?: { request_id?: unknown } } | null)?.error?.request_id;
            if (typeof original === 'string') reply.header('Original-Request', original);
          }
          result = idempotent;
        }
        return reply.code(result.status).send(result.body);
      },
    });
  }
}
