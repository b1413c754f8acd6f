import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/types.js';
import { mountRoutes } from '../http/mount.js';
import type { RouteSpec } from '../http/route.js';
import { pruneAttempts } from '../modules/staff-accounts/attempts.js';
import type { StaffAuthSettings } from '../modules/staff-accounts/settings.js';
import type { CursorCodec } from '../pagination/cursor.js';
import { loggableError } from '../plugins/errors.js';
import type { RateLimiter } from '../plugins/rate-limit.js';
import { startDeskScanSweep } from '../modules/desk-scans/service.js';
import { registerTodayStream } from './desk/today-stream.js';
import { sessionActor, sessionAuthenticator } from './session-auth.js';
import { registerStaticApp } from './static-app.js';
import { allowedHosts, checkHost, isWebAppPath } from './allowed-hosts.js';

/** Below this, the web app's own endpoints; the API's routes are mounted again below `webApiPrefix + '/v1'`. */
export const webApiPrefix = '/app/api';

export interface WebAppOptions {
  staffAuth: StaffAuthSettings;
  /** The built web app's folder (static-app.ts `defaultWebAppDir`). */
  webAppDir: string;
  /** The built members' app's folder, served at /m/ (static-app.ts `defaultMemberAppDir`). */
  memberAppDir: string;
  /** The API's routes, mounted again at /app/api/v1 for the signed-in web app. */
  apiRoutes: readonly RouteSpec[];
  /** The web app's own endpoints, at /app/api. */
  webRoutes: readonly RouteSpec[];
  /** The API's rate limits: owner setup counts against a client's anonymous budget, and each signed-in account's requests against its own. */
  limiter: RateLimiter;
  /** Host names the web app answers under besides localhost, the machine's name and IP addresses (allowed-hosts.ts). */
  allowedHosts: readonly string[];
}

/**
 * The staff web app on the API's server and origin: its endpoints and the API's, both with staff
 * sessions (cookie and CSRF), and its built pages at /app/, each only under a host name the box
 * answers to.
 */
export async function registerWebApp(app: FastifyInstance, db: Db, cursors: CursorCodec, options: WebAppOptions): Promise<void> {
  // First of all: a request under a name the box does not answer to (a DNS-rebinding page) reaches no page, session or route.
  const allows = allowedHosts(options.allowedHosts);
  app.addHook('onRequest', async (request) => {
    if (isWebAppPath(request.url)) checkHost(request, allows);
  });
  await app.register(fastifyCookie, { hook: 'onRequest' });
  await registerStaticApp(app, { prefix: '/app', dir: options.webAppDir, title: 'web app' });
  // The members' app's pages at /m/ (its endpoints at /m/api: member/mount-member.ts), with the same headers.
  await registerStaticApp(app, { prefix: '/m', dir: options.memberAppDir, title: "members' app" });
  const sessions = sessionAuthenticator(db, options.staffAuth, options.limiter);
  mountRoutes(app, db, cursors, options.webRoutes, sessions, webApiPrefix);
  mountRoutes(app, db, cursors, options.apiRoutes, sessions, `${webApiPrefix}/v1`);
  // Today's live feed: the signed-in staff member (401 without a session) at a location it works at (403 elsewhere), as GET /today.
  registerTodayStream(app, db, sessionActor(db, options.staffAuth, { scopes: ['checkin:members', 'read:memberships'] }), { clock: options.staffAuth.clock });

  // A desk scan's card number is cleared ten minutes after the read, even when no reader reads again.
  const stopDeskScanSweep = startDeskScanSweep(db, (error) => app.log.warn({ err: loggableError(error) }, 'desk scan sweep failed'), options.staffAuth.clock);

  // The sign-in waits read only the last day of failures and a month of successes: older attempts are deleted hourly.
  const prune = setInterval(() => {
    pruneAttempts(db, options.staffAuth.clock).catch((error: unknown) => app.log.warn({ err: loggableError(error) }, 'sign-in attempts prune failed'));
  }, 3600_000);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(prune);
    stopDeskScanSweep();
  });
}
