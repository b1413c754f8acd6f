import { randomUUID } from 'node:crypto';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSpec } from '../../src/http/route.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { apiRoutes } from '../../src/modules/routes.js';
import { webApiPrefix } from '../../src/web/mount-web.js';
import { webRoutes } from '../../src/web/routes.js';
import { accountDecisions, type Decision, type Place, type Role, type Target } from './authorization-decisions.js';
import { classDecisions } from './authorization-decisions-classes.js';
import { deskDecisions } from './authorization-decisions-desk.js';
import { developerDecisions } from './authorization-decisions-developers.js';
import { appointmentDecisions } from './authorization-decisions-appointments.js';
import { deviceDecisions } from './authorization-decisions-devices.js';
import { importDecisions } from './authorization-decisions-import.js';
import { setupDecisions } from './authorization-decisions-setup.js';
import { testDataDecisions } from './authorization-decisions-test-data.js';
import { password, webStudio } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

/**
 * Every session route's decision, by operationId. A route of `webRoutes` missing here fails the
 * test: a new route's rule is a decision, not an accident. Another folder's routes bring their
 * decisions as a `Record<string, Decision>` (authorization-decisions.ts), spread in here. A key
 * `operationId variant` ("webDeskCheckIn with override") is a second case of the same route.
 */
const matrix: Record<string, Decision> = {
  ...accountDecisions,
  ...deskDecisions,
  ...appointmentDecisions,
  ...classDecisions,
  ...deviceDecisions,
  ...importDecisions,
  ...developerDecisions,
  ...testDataDecisions,
  ...setupDecisions,
};
const routeOf = (name: string) => name.split(' ')[0]!;

const sessionRoutes = webRoutes.filter((route) => !route.signedOut);

/** A path of the route with every parameter filled by an id nobody has. */
const anyPath = (prefix: string, route: RouteSpec) => prefix + route.path.replace(/:[A-Za-z_]+/g, () => randomUUID());

describe.each(dialects)('web app authorization: role x location x company on every web endpoint (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  beforeAll(async () => {
    s = await webStudio(suite.db);
  }, 60_000);
  afterAll(() => s.app.close());

  it('classifies every session route of webRoutes', () => {
    expect(sessionRoutes.map((route) => route.operationId).sort()).toEqual([...new Set(Object.keys(matrix).map(routeOf))].sort());
  });

  it('answers each role, at each location and for another company, as decided', async () => {
    const emails: Record<Role, string> = { owner: 'olive@alder.example', manager: 'mark@alder.example', desk: 'dee@alder.example' };
    const freshDesk = async (business: Studio['studio']['business'], location: string) =>
      (await createAccount(suite.db, s.settings, business, { email: `${randomUUID()}@alder.example`, displayName: 'Target', role: 'front_desk', locationIds: [location], password })).id;
    const targets: Record<Place, () => Promise<Target>> = {
      north: async () => ({ company: s.studio, location: s.studio.north, contact: s.studio.nina, account: await freshDesk(s.studio.business, s.studio.north), clock: s.clock.now }),
      south: async () => ({ company: s.studio, location: s.studio.south, contact: s.studio.sam, account: await freshDesk(s.studio.business, s.studio.south), clock: s.clock.now }),
      other: async () => ({ company: s.other, location: s.other.north, contact: s.other.nina, account: await freshDesk(s.other.business, s.other.north), clock: s.clock.now }),
    };
    const wrong: string[] = [];
    for (const [name, decision] of Object.entries(matrix)) {
      for (const role of ['owner', 'manager', 'desk'] as const) {
        for (const place of ['north', 'south', 'other'] as const) {
          const expected = typeof decision.expected[role] === 'string' ? decision.expected[role] : decision.expected[role][place];
          // A fresh session each time: signing out (everywhere) must not end the next case's.
          const browser = await s.signIn(emails[role]);
          const response = await s.send({ ...(await decision.request(await targets[place](), suite.db)), as: browser });
          const code = response.statusCode >= 400 ? ` ${response.json<{ error: { code: string } }>().error.code}` : '';
          const got = `${response.statusCode}${code}`;
          if (got !== expected) wrong.push(`${name} as ${role} at ${place}: ${got}, expected ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('answers 401 invalid_session without a session on every /app/api route but sign-in and setup, the API mount included', async () => {
    const mounted = [...sessionRoutes.map((route) => ({ route, prefix: webApiPrefix })), ...apiRoutes.map((route) => ({ route, prefix: `${webApiPrefix}/v1` }))];
    const wrong: string[] = [];
    for (const { route, prefix } of mounted) {
      for (const cookie of [undefined, 'studio_session=not-a-session']) {
        const response = await s.send({ method: route.method, url: anyPath(prefix, route), ...(route.method !== 'GET' && { body: {} }), ...(cookie && { as: { cookie, csrf: 'x' } }) });
        const code = response.statusCode === 401 ? response.json<{ error: { code: string } }>().error.code : '';
        if (response.statusCode !== 401 || code !== 'invalid_session') wrong.push(`${route.method} ${prefix}${route.path}: ${response.statusCode} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a front desk of north a south contact on /app/api/v1 as it refuses a north-only API key, and serves a north one to both', async () => {
    const desk = await s.signIn('dee@alder.example');
    const { key } = await createKey(suite.db, { companyId: s.studio.companyId, scopes: 'all', locationIds: [s.studio.north] });
    for (const [contact, status] of [
      [s.studio.sam, 403],
      [s.studio.nina, 200],
    ] as const) {
      const web = await s.send({ method: 'GET', url: `/app/api/v1/contacts/${contact}`, as: desk });
      const api = await s.app.inject({ method: 'GET', url: `/v1/contacts/${contact}`, headers: { authorization: `Bearer ${key}` } });
      expect(web.statusCode, web.body).toBe(status);
      expect(api.statusCode).toBe(status);
      if (status === 403) {
        expect(web.json<{ error: { code: string } }>().error.code).toBe('location_not_allowed');
        expect(JSON.parse(api.body).error.code).toBe('location_not_allowed');
      } else {
        expect(web.json()).toEqual(JSON.parse(api.body));
      }
    }
  });

  it('acts on /app/api/v1 as the staff member: a contact created by the desk of north lands at north', async () => {
    const desk = await s.signIn('dee@alder.example');
    const ok = await s.send({ method: 'POST', url: '/app/api/v1/contacts', as: desk, body: { location_id: s.studio.north, first_name: 'Walk', last_name: 'In' } });
    expect(ok.statusCode, ok.body).toBe(201);
    const refused = await s.send({ method: 'POST', url: '/app/api/v1/contacts', as: desk, body: { location_id: s.studio.south, first_name: 'Walk', last_name: 'In' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('location_not_allowed');
  });

  it('signs a staff member of another company in to that company only', async () => {
    const otherDesk = await s.signIn('dee@other.example', s.other.companyId);
    const view = (await s.send({ method: 'GET', url: '/app/api/session', as: otherDesk })).json<{ company: { id: string } }>();
    expect(view.company.id).toBe(s.other.companyId);
    const response = await s.send({ method: 'GET', url: `/app/api/v1/contacts/${s.studio.nina}`, as: otherDesk });
    expect(response.statusCode).toBe(404);
  });
});
