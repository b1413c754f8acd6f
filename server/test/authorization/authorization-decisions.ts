import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/types.js';
import type { twoLocationStudio } from '../staff-accounts/studio.js';
import { password, type WebRequest } from '../web/web-studio.js';

export type Role = 'owner' | 'manager' | 'desk';
export type Place = 'north' | 'south' | 'other';

/**
 * What a route is asked for at a place: the signing-in company's north or south, or another
 * company's north. Roles: owner; manager of north; front desk of north.
 */
export interface Target {
  /** The company the place belongs to: its business actor makes test data there; nina is at north, sam at south. */
  company: Awaited<ReturnType<typeof twoLocationStudio>>;
  location: string;
  /** A contact at the location. */
  contact: string;
  /** A front-desk account made afresh at the location, so a change or a disable has something to act on each time. */
  account: string;
  /** The app's clock: data a route reads by time (a desk scan's two minutes) is made on it. */
  clock: () => number;
}

/**
 * A route's expected answer by role, and by place where it matters: a status, with the error code
 * for a refusal ("403 location_not_allowed"). `request` builds the request for a place; it may make
 * data first (`db`, `target.company.business`). Routes answered before any session (sign-in,
 * setup) are `signedOut` and tested on their own.
 */
export interface Decision {
  request(target: Target, db: Db): Omit<WebRequest, 'as'> | Promise<Omit<WebRequest, 'as'>>;
  expected: Record<Role, Record<Place, string> | string>;
  /** It ends the session it is sent with (signing out): the matrix signs in again after it. */
  endsSession?: boolean;
}

/** The session and staff-account routes (web/auth-routes.ts, web/account-routes.ts). */
export const accountDecisions: Record<string, Decision> = {
  webSession: { request: () => ({ method: 'GET', url: '/app/api/session' }), expected: { owner: '200', manager: '200', desk: '200' } },
  webListSessions: { request: () => ({ method: 'GET', url: '/app/api/sessions' }), expected: { owner: '200', manager: '200', desk: '200' } },
  webSetOwnLanguage: { request: () => ({ method: 'PATCH', url: '/app/api/account/language', body: { language: 'de' } }), expected: { owner: '200', manager: '200', desk: '200' } },
  webSignOut: { request: () => ({ method: 'POST', url: '/app/api/sign-out' }), expected: { owner: '204', manager: '204', desk: '204' }, endsSession: true },
  webSignOutEverywhere: { request: () => ({ method: 'POST', url: '/app/api/sign-out-everywhere' }), expected: { owner: '204', manager: '204', desk: '204' }, endsSession: true },
  // The same password again: the change is allowed and the matrix's sign-ins keep working; it ends only the role's other sessions.
  webChangeOwnPassword: {
    request: () => ({ method: 'POST', url: '/app/api/account/password', body: { current_password: password, new_password: password } }),
    expected: { owner: '200', manager: '200', desk: '200' },
  },
  webListAccounts: { request: () => ({ method: 'GET', url: '/app/api/accounts' }), expected: { owner: '200', manager: '200', desk: '403 role_not_allowed' } },
  webAuditLog: { request: () => ({ method: 'GET', url: '/app/api/audit' }), expected: { owner: '200', manager: '200', desk: '403 role_not_allowed' } },
  webCreateAccount: {
    request: (t) => ({ method: 'POST', url: '/app/api/accounts', body: { email: `${randomUUID()}@alder.example`, display_name: 'New', role: 'front_desk', location_ids: [t.location] } }),
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
  webResetPasswordLink: {
    request: (t) => ({ method: 'POST', url: `/app/api/accounts/${t.account}/password-link` }),
    expected: {
      owner: { north: '201', south: '201', other: '404 resource_missing' },
      manager: { north: '201', south: '403 location_not_allowed', other: '404 resource_missing' },
      desk: '403 role_not_allowed',
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
