import type { Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Clock } from '../../../src/clock/time.js';
import { systemActor, type Actor } from '../../../src/domain/actor.js';
import { mountRoutes } from '../../../src/http/mount.js';
import { CursorCodec } from '../../../src/pagination/cursor.js';
import { registerErrorHandling } from '../../../src/plugins/errors.js';
import { deskRoutes } from '../../../src/web/desk/routes.js';
import { createAccount } from '../../../src/modules/staff-accounts/accounts.js';
import { staffActor } from '../../../src/modules/staff-accounts/roles.js';
import { testSettings } from '../../staff-accounts/studio.js';

export const password = 'a long enough passphrase';

/** A clock fixed at `ms`: the services read it, never the machine's. */
export const clockAt =
  (ms: number): Clock =>
  () =>
    ms;

/**
 * A location of its own in `zone` (so other tests' rows never show), a second one, and staff of
 * each role: an owner, and a manager and a front desk of the first location only.
 */
export async function deskStudio(f: Fixture, zone = 'America/New_York') {
  const build = memberBuilder(f);
  const site = await build.location({}, zone);
  const elsewhere = await build.location({}, zone);
  const settings = testSettings(() => Date.parse('2031-01-01T00:00:00.000Z'));
  const business = systemActor(f.acme.id, 'test');
  const tag = site.slice(0, 8);
  const make = async (name: string, role: 'owner' | 'manager' | 'front_desk') => {
    const account = await createAccount(f.db, settings, business, {
      email: `${name}-${tag}@acme.example`,
      displayName: name,
      role,
      locationIds: role === 'owner' ? undefined : [site],
      password,
    });
    return staffActor({ ...account, location_ids: account.location_ids === null ? null : JSON.stringify(account.location_ids) });
  };
  return { build, site, elsewhere, business, owner: await make('Olive', 'owner'), manager: await make('Manon', 'manager'), desk: await make('Dara', 'front_desk') };
}

/** The code of the ApiError `work` rejects with, or null when it resolves. */
export async function refusal(work: Promise<unknown>): Promise<{ code: string; details?: Record<string, unknown>; message: string } | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return error as { code: string; details?: Record<string, unknown>; message: string };
  }
}

/**
 * The desk's routes in a bare app, mounted by `mountRoutes` under /app/api as the session layer
 * mounts them, each request acting as `actor()` (what the session authenticator gives); sessions,
 * CSRF and each role's answer are the authorization matrix's. Every success answer is checked
 * against its route's response schema.
 */
export async function deskApp(f: Fixture, clock: Clock, actor: () => Actor): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  const routes = deskRoutes(clock);
  const byUrl = new Map(routes.map((route) => [`${route.method} /app/api${route.path}`, route]));
  app.addHook('preSerialization', async (request, reply, payload) => {
    const route = byUrl.get(`${request.method} ${request.routeOptions.url}`);
    if (route && reply.statusCode < 400) route.responses[reply.statusCode]!.schema.parse(payload);
    return payload;
  });
  mountRoutes(app, f.db, new CursorCodec('a test cursor secret of enough length'), routes, async () => ({ actor: actor() }), '/app/api');
  await app.ready();
  return app;
}
