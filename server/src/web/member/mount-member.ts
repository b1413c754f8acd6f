import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.js';
import { mountRoutes } from '../../http/mount.js';
import { pruneAttempts } from '../../modules/staff-accounts/attempts.js';
import { memberCodeTries } from '../../modules/member-auth/codes.js';
import type { MemberAuthSettings } from '../../modules/member-auth/settings.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import { loggableError } from '../../plugins/errors.js';
import type { RateLimiter } from '../../plugins/rate-limit.js';
import { memberAuthenticator } from './member-auth.js';
import { memberRoutes } from './routes.js';
import { registerUnsubscribePage } from './unsubscribe-page.js';

/** Below this, the members' app's endpoints (docs/member-sign-in.md); its pages will be served at /m/. */
export const memberApiPrefix = '/m/api';

/**
 * The members' app's endpoints with member sessions (cookie and CSRF). Registered after the staff
 * web app (mount-web.ts), whose cookie parser and Host check (allowed-hosts.ts: /m/ as /app/) it uses.
 */
export function registerMemberApp(app: FastifyInstance, db: Db, cursors: CursorCodec, settings: MemberAuthSettings, limiter: RateLimiter): void {
  mountRoutes(app, db, cursors, memberRoutes, memberAuthenticator(db, settings, limiter), memberApiPrefix);
  registerUnsubscribePage(app, db, settings.clock);
  // The waits after wrong codes read only the last day of failures: older tries are deleted hourly.
  const prune = setInterval(() => {
    pruneAttempts(db, settings.clock, memberCodeTries).catch((error: unknown) => app.log.warn({ err: loggableError(error) }, 'member sign-in attempts prune failed'));
  }, 3600_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
}
