import type { ServerOptions } from 'node:https';
import { defaultBodyLimitBytes } from '@studio/shared/contracts';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyHttpOptions, type RawServerDefault } from 'fastify';
import { pino } from 'pino';
import { defaultLimits, type ServerLimits } from './config.js';
import type { Db } from './db/types.js';
import { apiKeyAuthenticator, mountRoutes } from './http/mount.js';
import { CursorCodec } from './pagination/cursor.js';
import { answerClientError, answerFrameworkError, loggableError, newRequestId, registerErrorHandling } from './plugins/errors.js';
import { sweepIdempotencyKeys } from './plugins/idempotency.js';
import { requestLimits, serverOptions } from './plugins/limits.js';
import { registerRateLimits } from './plugins/rate-limit.js';
import { sweepLapsedOffers } from './modules/classes/admin.js';
import { apiRoutesFor } from './modules/routes.js';
import { guardedTargets, type WebhookTargetPolicy } from './modules/webhooks/delivery/address-guard.js';
import { registerOpenApiRoute } from './openapi/route.js';
import { systemClock } from './clock/time.js';
import { staffAuthSettings, type StaffAuthSettings } from './modules/staff-accounts/settings.js';
import { registerWebApp } from './web/mount-web.js';
import { registerMemberApp } from './web/member/mount-member.js';
import type { SmtpSettings } from './modules/messages/smtp-settings.js';
import { memberAuthSettings } from './modules/member-auth/settings.js';
import { webRoutesFor } from './web/routes.js';
import { defaultMemberAppDir, defaultWebAppDir } from './web/static-app.js';

export interface AppOptions {
  db: Db;
  /** Silent when omitted (tests). */
  logger?: FastifyBaseLogger;
  /** The environment's defaults when omitted. */
  limits?: ServerLimits;
  /** Serve HTTPS with this PEM certificate and key (`tls/server-tls.ts`); plain HTTP when omitted. */
  tls?: { key: string; cert: string };
  /** Staff sign-in's clock, hash cost and limits; the recommended ones on the system clock when omitted. */
  staffAuth?: StaffAuthSettings;
  /** The built web app served at /app/; WEB_APP_DIR or the repository's web-app/dist/ when omitted. */
  webAppDir?: string;
  /** The built members' app served at /m/; MEMBER_APP_DIR or the repository's member-app/dist/ when omitted. */
  memberAppDir?: string;
  /** Host names the web app answers under besides localhost, the machine's name and IP addresses (`ALLOWED_HOSTS`). */
  allowedHosts?: readonly string[];
  /** Where webhook endpoints may point: the sender's policy (WEBHOOK_ALLOW_PRIVATE_TARGETS); the guard on when omitted. */
  webhookTargets?: WebhookTargetPolicy;
  /** The members' emails' SMTP provider (config.messages.smtp), for the settings page; none when omitted. */
  smtp?: SmtpSettings | null;
}

/** Builds the API app on an open database; `server.ts` listens, tests `inject()`. */
export async function buildApp({
  db,
  logger,
  limits = defaultLimits,
  tls,
  staffAuth = staffAuthSettings(systemClock),
  webAppDir = defaultWebAppDir(),
  memberAppDir = defaultMemberAppDir(),
  allowedHosts = [],
  webhookTargets = guardedTargets,
  smtp = null,
}: AppOptions) {
  // The instance keeps Fastify's HTTP typing over HTTPS too: an https.Server has every method the app uses.
  const options: FastifyHttpOptions<RawServerDefault> & { https?: ServerOptions } = {
    loggerInstance: logger ?? (pino({ level: 'silent' }) as FastifyBaseLogger),
    // Each route sets its contract's own (http/mount.ts); this holds for anything else, an unknown route's body.
    bodyLimit: defaultBodyLimitBytes,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    genReqId: newRequestId,
    // Slow or stalled clients are cut off rather than holding a socket for ever.
    ...serverOptions(limits),
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  };
  // Over HTTPS the same limits hold, and a handshake gets no longer than the headers.
  if (tls) options.https = { ...options.http, key: tls.key, cert: tls.cert, handshakeTimeout: limits.headersTimeoutMs };
  const app = Fastify(options);

  const withinLimits = requestLimits(app, limits);
  // Callback hooks: an async one costs every request a promise and its ticks.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Request-Id', request.id);
    try {
      withinLimits(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  // One line per request at debug (LOG_LEVEL=debug), with the route pattern rather than the URL: queries may hold names or phones.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.log.level === 'debug' || request.log.level === 'trace') {
      request.log.debug({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });
  registerErrorHandling(app);

  const secret = await db.first(db.qb.selectFrom('server_settings').select('value').where('name', '=', 'cursor_secret'));
  const cursors = new CursorCodec(secret!.value);
  const apiRoutes = apiRoutesFor(staffAuth.clock, webhookTargets);
  const limiter = await registerRateLimits(app, limits);
  mountRoutes(app, db, cursors, apiRoutes, apiKeyAuthenticator(db, limiter));
  await registerWebApp(app, db, cursors, { staffAuth, webAppDir, memberAppDir, apiRoutes, webRoutes: webRoutesFor(staffAuth.clock, webhookTargets, smtp), limiter, allowedHosts });
  // The members' app's sign-in and sessions at /m/api, on staff sign-in's clock (a test that fixes one fixes both).
  registerMemberApp(app, db, cursors, memberAuthSettings(staffAuth.clock), limiter);
  // The document states the default limits, whatever this server's environment changed.
  registerOpenApiRoute(app, defaultLimits);

  const sweep = setInterval(() => {
    sweepIdempotencyKeys(db).catch((error: unknown) => app.log.warn({ err: loggableError(error) }, 'idempotency sweep failed'));
  }, 3600_000);
  sweep.unref();
  // A waitlist offer nobody took passes its spot on within this long of lapsing (reads settle it at once).
  const offers = setInterval(() => {
    sweepLapsedOffers(db).catch((error: unknown) => app.log.warn({ err: loggableError(error) }, 'waitlist offer sweep failed'));
  }, 30_000);
  offers.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(offers);
  });
  return app;
}
