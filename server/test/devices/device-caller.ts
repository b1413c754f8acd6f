import type { Fixture } from '@studio/testkit/server/fixture';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { systemActor } from '../../src/domain/actor.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { handClock, testSettings } from '../staff-accounts/studio.js';
import { host, origin, setCookieOf, type WebResponse } from '../web/web-studio.js';

export const password = 'correct horse battery';

export type StaffRole = 'owner' | 'manager' | 'desk';
export const staffRoles: readonly StaffRole[] = ['owner', 'manager', 'desk'];

interface Browser {
  cookie: string;
  csrf: string;
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The fixture's company served again with staff sessions (a cheap hash, a hand clock): an owner, a
 * manager and a front desk of Brooklyn, each signed in, calling any route as a browser of the app
 * does (cookie, CSRF, same origin): the web routes below /app/api and the API below /app/api/v1.
 */
export async function staffCallers(f: Fixture) {
  const clock = handClock();
  const settings = testSettings(clock.now);
  const app: FastifyInstance = await buildApp({ db: f.db, staffAuth: settings, webAppDir: '/nonexistent/web-app/dist', allowedHosts: [host] });
  const business = systemActor(f.acme.id, 'test');
  const accounts = {
    owner: await createAccount(f.db, settings, business, { email: `olive@acme.example`, displayName: 'Olive', role: 'owner', password }),
    manager: await createAccount(f.db, settings, business, { email: `mark@acme.example`, displayName: 'Mark', role: 'manager', locationIds: [f.acme.us.id], password }),
    desk: await createAccount(f.db, settings, business, { email: `dee@acme.example`, displayName: 'Dee', role: 'front_desk', locationIds: [f.acme.us.id], password }),
  };

  async function inject(method: string, url: string, as: Browser | null, body?: unknown): Promise<WebResponse> {
    const headers: Record<string, string> = { host };
    if (method !== 'GET') headers.origin = origin;
    if (as) {
      headers.cookie = as.cookie;
      if (method !== 'GET') headers['x-csrf-token'] = as.csrf;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    return (await app.inject({ method: method as 'GET', url, headers, ...(body !== undefined && { payload: JSON.stringify(body) }) })) as unknown as WebResponse;
  }

  const browsers = new Map<StaffRole, Browser>();
  for (const role of staffRoles) {
    const response = await inject('POST', '/app/api/sign-in', null, { email: accounts[role].email, password, company_id: f.acme.id });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${role}: ${response.statusCode} ${response.body}`);
    browsers.set(role, { cookie: setCookieOf(response)!.split(';')[0]!, csrf: response.json<{ csrf_token: string }>().csrf_token });
  }

  return {
    app,
    accounts,
    /** A staff member of `role` calls `url` (below /app/api). */
    async as(role: StaffRole, method: string, url: string, body?: unknown): Promise<Answer> {
      const response = await inject(method, url, browsers.get(role)!, body);
      return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : null };
    },
    close: () => app.close(),
  };
}
