import { randomUUID } from 'node:crypto';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSpec } from '../../src/http/route.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { apiRoutes } from '../../src/modules/routes.js';
import { webApiPrefix } from '../../src/web/mount-web.js';
import { webRoutes } from '../../src/web/routes.js';
import { password, webStudio, type WebRequest } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;
type Role = 'owner' | 'manager' | 'desk';
type Place = 'north' | 'south' | 'other';

/** What a route is asked for a target at `place`: the ids of the signing-in company's north or south, or another company's. */
interface Target {
  location: string;
  /** A front-desk account made afresh at the location, so a change or a disable has something to act on each time. */
  account: string;
}

/**
 * Every web route's expected answer by role (owner; manager of north; front desk of north) and
 * target (north; south; another company's): a status, with the error code for a refusal. A route
 * of `webRoutes` missing here fails the test: a new route's rule is a decision, not an accident.
 * Routes answered before any session (sign-in, setup) are `signedOut` and tested on their own.
 */
type Expected = Record<Role, Record<Place, string> | string>;
const matrix: Record<string, { request(target: Target): Omit<WebRequest, 'as'>; expected: Expected }> = {
  webSession: { request: () => ({ method: 'GET', url: '/app/api/session' }), expected: { owner: '200', manager: '200', desk: '200' } },
  webListSessions: { request: () => ({ method: 'GET', url: '/app/api/sessions' }), expected: { owner: '200', manager: '200', desk: '200' } },
  webSignOut: { request: () => ({ method: 'POST', url: '/app/api/sign-out' }), expected: { owner: '204', manager: '204', desk: '204' } },
  webSignOutEverywhere: { request: () => ({ method: 'POST', url: '/app/api/sign-out-everywhere' }), expected: { owner: '204', manager: '204', desk: '204' } },
  webListAccounts: { request: () => ({ method: 'GET', url: '/app/api/accounts' }), expected: { owner: '200', manager: '200', desk: '403 role_not_allowed' } },
  webAuditLog: { request: () => ({ method: 'GET', url: '/app/api/audit' }), expected: { owner: '200', manager: '200', desk: '403 role_not_allowed' } },
  webCreateAccount: {
    request: (t) => ({ method: 'POST', url: '/app/api/accounts', body: { email: `${randomUUID()}@alder.example`, display_name: 'New', role: 'front_desk', location_ids: [t.location], password } }),
    expected: {
      owner: { north: '201', south: '201', other: '404 resource_missing' },
      manager: { north: '201', south: '403 location_not_allowed', other: '403 location_not_allowed' },
      desk: '403 role_not_allowed',
    },
  },
  webChangeAccountAccess: {
    request: (t) => ({ method: 'PATCH', url: `/app/api/accounts/${t.account}`, body: { role: 'front_desk', location_ids: [t.location] } }),
    expected: {
      owner: { north: '200', south: '200', other: '404 resource_missing' },
      manager: { north: '200', south: '403 location_not_allowed', other: '404 resource_missing' },
      desk: { north: '403 role_not_allowed', south: '403 role_not_allowed', other: '404 resource_missing' },
    },
  },
  webDisableAccount: {
    request: (t) => ({ method: 'POST', url: `/app/api/accounts/${t.account}/disable` }),
    expected: {
      owner: { north: '200', south: '200', other: '404 resource_missing' },
      manager: { north: '200', south: '403 location_not_allowed', other: '404 resource_missing' },
      desk: { north: '403 role_not_allowed', south: '403 role_not_allowed', other: '404 resource_missing' },
    },
  },
};

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
    expect(sessionRoutes.map((route) => route.operationId).sort()).toEqual(Object.keys(matrix).sort());
  });

  it('answers each role, at each location and for another company, as decided', async () => {
    const emails: Record<Role, string> = { owner: 'olive@alder.example', manager: 'mark@alder.example', desk: 'dee@alder.example' };
    const freshDesk = async (business: Studio['studio']['business'], location: string) =>
      (await createAccount(suite.db, s.settings, business, { email: `${randomUUID()}@alder.example`, displayName: 'Target', role: 'front_desk', locationIds: [location], password })).id;
    const targets: Record<Place, () => Promise<Target>> = {
      north: async () => ({ location: s.studio.north, account: await freshDesk(s.studio.business, s.studio.north) }),
      south: async () => ({ location: s.studio.south, account: await freshDesk(s.studio.business, s.studio.south) }),
      other: async () => ({ location: s.other.north, account: await freshDesk(s.other.business, s.other.north) }),
    };
    const wrong: string[] = [];
    for (const route of sessionRoutes) {
      const decision = matrix[route.operationId];
      if (!decision) continue;
      for (const role of ['owner', 'manager', 'desk'] as const) {
        for (const place of ['north', 'south', 'other'] as const) {
          const expected = typeof decision.expected[role] === 'string' ? decision.expected[role] : decision.expected[role][place];
          // A fresh session each time: signing out (everywhere) must not end the next case's.
          const browser = await s.signIn(emails[role]);
          const response = await s.send({ ...decision.request(await targets[place]()), as: browser });
          const code = response.statusCode >= 400 ? ` ${response.json<{ error: { code: string } }>().error.code}` : '';
          const got = `${response.statusCode}${code}`;
          if (got !== expected) wrong.push(`${route.operationId} as ${role} at ${place}: ${got}, expected ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

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
