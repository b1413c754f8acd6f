import { deviceKeyScopes, scopes, type DeviceKind, type Scope } from '@studio/shared';
import { systemActor } from '../../src/domain/actor.js';
import { createDeviceKey, revokeKey } from '../../src/modules/keys/repository.js';
import { openMemberSession } from '../../src/modules/member-auth/sessions.js';
import { memberAuthSettings } from '../../src/modules/member-auth/settings.js';
import { createAccount, disableAccount } from '../../src/modules/staff-accounts/accounts.js';
import { hashSecret } from '../../src/modules/staff-accounts/secrets.js';
import { csrfToken } from '../../src/web/csrf.js';
import type { StaffAuthSettings } from '../../src/modules/staff-accounts/settings.js';
import { validRequests, type Operation } from '../reliability/operations.js';
import type { ApiRequest, TargetName, World } from '../reliability/world.js';
import { host, origin, password } from '../web/web-studio.js';

/**
 * Who calls in the authorization matrix. A caller kind is one entry of `callerKinds`: the mount
 * its credential is read on for the API's routes, how its callers are made, the headers they send,
 * and the rule its answers follow on a route whose decision (api-decisions.ts) says nothing else.
 * Device keys are one of them: an API key bound to one registered device of one kind at one
 * location; a route whose device answer is not their rule says so in api-decisions.ts
 * (`except['device key']`).
 */

/** A decided answer: a status with the error code of a refusal, or `allowed`: past every authorization rule. */
export type Outcome = { status: number; code?: string } | 'allowed';
export const refused = (status: number, code: string): Outcome => ({ status, code });

/** `test`: a live key relabelled `_sk_test_` (unknown); `testMode`: a real test key, whose company (its test mode) holds none of these objects. */
export const keyStates = ['live', 'revoked', 'malformed', 'missing', 'test', 'testMode'] as const;
export type KeyState = (typeof keyStates)[number];

export const staffRoles = ['owner', 'manager', 'desk', 'disabled'] as const;
export type StaffRole = (typeof staffRoles)[number];

export type Caller =
  | { kind: 'api key'; name: string; scope: Scope; state: KeyState; authorization: string | null }
  | { kind: 'staff session'; name: string; role: StaffRole; cookie: string; csrf: string }
  | { kind: 'device key'; name: string; device: DeviceKind; revoked: boolean; authorization: string }
  | { kind: 'member'; name: string; cookie: string; csrf: string };
export type CallerKindName = Caller['kind'];

export interface CallerKind<C extends Caller = Caller> {
  kind: C['kind'];
  /** Where the API's routes read this kind's credential (a member's: nowhere, so where a staff cookie is read); every other mount answers it 401. */
  apiMount: '/v1' | '/app/api/v1';
  make(world: World, settings: StaffAuthSettings): Promise<C[]>;
  headers(caller: C, method: string): Record<string, string>;
  /** The answer on an API route, where the route's decision has no exception for this kind. */
  decide(op: Operation, caller: C, target: TargetName, world: World, everyLocation: boolean): Outcome;
}

/** A fresh success: 201 where the route creates, 202 where it starts work done later, else 200. */
export const success = (op: Operation): Outcome => ({ status: op.route.responses[201] ? 201 : op.route.responses[202] ? 202 : 200 });

/** Whether the route's valid request names something at the target's location (else it reads the caller's own company only). */
export function aimsAtLocation(op: Operation, world: World): boolean {
  const build = validRequests[op.id]!;
  return JSON.stringify(build(world.targets.own)) !== JSON.stringify(build(world.targets.otherLocation));
}

/**
 * One key per scope and state, each holding that one scope at the own location (a test key: of
 * every location, as test mode has locations of its own). The decided answer (docs/api-decisions.md,
 * Keys; conventions): a key that is not live is 401 before anything else; then the scope; then,
 * for a route that aims at a location, the key's locations (403) and the company (another
 * company's ids are 404, never 403).
 */
export const apiKeys: CallerKind<Extract<Caller, { kind: 'api key' }>> = {
  kind: 'api key',
  apiMount: '/v1',
  async make(world) {
    const callers: Extract<Caller, { kind: 'api key' }>[] = [];
    const location = [world.targets.own.location];
    for (const [index, scope] of scopes.entries()) {
      const live = (await world.mint(world.ownCompanyId, [scope], location)).key;
      const revoked = await world.mint(world.ownCompanyId, [scope], location);
      await revokeKey(world.db, revoked.id);
      const altered = `${live.slice(0, -1)}${live.endsWith('A') ? 'B' : 'A'}`;
      const malformed = [`Bearer ${live.slice(0, -1)}`, `Basic ${live}`, `Bearer ${live} extra`, `Bearer ${altered}`, live, `Bearer  ${live}`][index % 6]!;
      const testMode = (await world.mint(world.ownCompanyId, [scope], 'all', 'test')).key;
      const authorizations: Record<KeyState, string | null> = {
        live: `Bearer ${live}`,
        revoked: `Bearer ${revoked.key}`,
        malformed,
        missing: null,
        test: `Bearer ${live.replace('_sk_live_', '_sk_test_')}`,
        testMode: `Bearer ${testMode}`,
      };
      for (const state of keyStates) callers.push({ kind: 'api key', name: `key [${scope}] ${state}`, scope, state, authorization: authorizations[state] });
    }
    return callers;
  },
  headers: (caller): Record<string, string> => (caller.authorization === null ? {} : { authorization: caller.authorization }),
  decide(op, caller, target, world, everyLocation) {
    if (caller.state !== 'live' && caller.state !== 'testMode') return refused(401, 'invalid_api_key');
    if (op.route.scopes.length > 0 && !op.route.scopes.includes(caller.scope)) return refused(403, 'insufficient_scope');
    // A route whose answer shows what another scope reads needs that one too (updateContact: read:contacts).
    if ((op.route.alsoRequires ?? []).some((also) => also !== caller.scope)) return refused(403, 'insufficient_scope');
    // The live keys are limited to the own location: refused before any lookup, so no id is told apart.
    if (everyLocation && caller.state !== 'testMode') return refused(403, 'location_not_allowed');
    // Test mode: every live object is another company's to a test key (docs/api-decisions.md, Keys).
    if (caller.state === 'testMode') return /[0-9a-f]{8}-[0-9a-f]{4}-/.test(JSON.stringify(validRequests[op.id]!(world.targets[target]))) ? refused(404, 'resource_missing') : success(op);
    if (!aimsAtLocation(op, world) || target === 'own') return success(op);
    return target === 'otherLocation' ? refused(403, 'location_not_allowed') : refused(404, 'resource_missing');
  },
};

/**
 * Staff signed in to the own company: the owner (every location), a manager and a front desk of
 * the own location, and an account disabled after it signed in. On /app/api/v1 they act as a key
 * of every scope (staff-accounts/roles.ts) at their locations would: the location rule refuses
 * another location (403) and another company's ids are not found (404). What a cell allows is
 * `allowed` rather than a status: the key cells made the same objects' fresh success first, so a
 * staff write may meet a business rule (409, 422) that only shows it got past authorization.
 */
export const staffSessions: CallerKind<Extract<Caller, { kind: 'staff session' }>> = {
  kind: 'staff session',
  apiMount: '/app/api/v1',
  async make(world, settings) {
    const business = systemActor(world.ownCompanyId, 'matrix');
    const accounts: Record<StaffRole, { role: 'owner' | 'manager' | 'front_desk'; locationIds?: string[] }> = {
      owner: { role: 'owner' },
      manager: { role: 'manager', locationIds: [world.targets.own.location] },
      desk: { role: 'front_desk', locationIds: [world.targets.own.location] },
      disabled: { role: 'front_desk', locationIds: [world.targets.own.location] },
    };
    const callers: Extract<Caller, { kind: 'staff session' }>[] = [];
    for (const role of staffRoles) {
      const email = `${role}@matrix.example`;
      const account = await createAccount(world.db, settings, business, { email, displayName: role, password, ...accounts[role] });
      const response = await world.send({
        method: 'POST',
        url: '/app/api/sign-in',
        headers: { host, origin, 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password, company_id: world.ownCompanyId }),
      });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${email}: ${response.statusCode} ${response.body}`);
      const cookie = String(response.headers['set-cookie']).split(';')[0]!;
      callers.push({ kind: 'staff session', name: `staff ${role}`, role, cookie, csrf: response.json<{ csrf_token: string }>().csrf_token });
      // Its session was valid a moment ago; disabling the account ends it.
      if (role === 'disabled') await disableAccount(world.db, settings, business, account.id);
    }
    return callers;
  },
  headers: (caller, method) => ({ host, cookie: caller.cookie, ...(method !== 'GET' && { origin, 'x-csrf-token': caller.csrf }) }),
  decide(op, caller, target, world) {
    if (caller.role === 'disabled') return refused(401, 'invalid_session');
    if (!aimsAtLocation(op, world) || target === 'own') return 'allowed';
    if (target === 'otherCompany') return refused(404, 'resource_missing');
    return caller.role === 'owner' ? 'allowed' : refused(403, 'location_not_allowed');
  },
};

/**
 * A device key of each kind at the own location (the world's turnstile `gate-…`, which recorded the
 * target's visit, and its desk reader `desk-…`; a kiosk minted here), and a revoked one. They act
 * as a key of their kind's scopes at that location: a route none of those scopes grants is refused
 * by scope, another location 403, another company's ids 404, the rest past authorization. The device's own routes decide in
 * api-decisions.ts which device may call them.
 */
export const deviceKeys: CallerKind<Extract<Caller, { kind: 'device key' }>> = {
  kind: 'device key',
  apiMount: '/v1',
  async make(world) {
    const own = world.targets.own;
    const kiosk = (await createDeviceKey(world.db, { companyId: world.ownCompanyId, locationId: own.location, deviceId: `kiosk-${own.location.slice(0, 8)}`, kind: 'kiosk' })).key;
    const lost = await createDeviceKey(world.db, { companyId: world.ownCompanyId, locationId: own.location, deviceId: `lost-${own.location.slice(0, 8)}`, kind: 'turnstile' });
    await revokeKey(world.db, lost.id);
    world.mintedKeys.push(kiosk, lost.key);
    const device = (name: string, kind: DeviceKind, key: string, revoked = false) => ({ kind: 'device key' as const, name, device: kind, revoked, authorization: `Bearer ${key}` });
    return [
      device('device turnstile', 'turnstile', own.gateKey),
      device('device kiosk', 'kiosk', kiosk),
      device('device desk reader', 'desk_reader', own.deskKey),
      device('device revoked', 'turnstile', lost.key, true),
    ];
  },
  headers: (caller) => ({ authorization: caller.authorization }),
  decide(op, caller, target, world, everyLocation) {
    if (caller.revoked) return refused(401, 'invalid_api_key');
    const granted = deviceKeyScopes[caller.device];
    if (op.route.scopes.length > 0 && !op.route.scopes.some((scope) => granted.includes(scope))) return refused(403, 'insufficient_scope');
    if ((op.route.alsoRequires ?? []).some((also) => !granted.includes(also))) return refused(403, 'insufficient_scope');
    if (everyLocation) return refused(403, 'location_not_allowed');
    // Past authorization, as a staff session's cells: the key cells made the same objects' fresh success first.
    if (!aimsAtLocation(op, world) || target === 'own') return 'allowed';
    return target === 'otherLocation' ? refused(403, 'location_not_allowed') : refused(404, 'resource_missing');
  },
};

/**
 * A member signed in to the members' app (/m/api), at the own location: its session cookie, with its
 * CSRF token and a same-origin Origin on writes, sent where a staff session's would be, and its
 * token under the staff cookie's name too. No API or staff route reads a member session: every one
 * is 401 invalid_session on /app/api and /app/api/v1, and invalid_api_key on /v1. The member's own
 * routes are decided in member-decisions.ts.
 */
export const members: CallerKind<Extract<Caller, { kind: 'member' }>> = {
  kind: 'member',
  apiMount: '/app/api/v1',
  async make(world, settings) {
    const own = world.targets.own;
    const opened = await world.db.transaction((tx) =>
      openMemberSession(world.db, tx, memberAuthSettings(settings.clock), { companyId: world.ownCompanyId, contactId: own.contact, locationId: own.location, userAgent: undefined }),
    );
    const csrf = csrfToken(opened.token);
    // Scanned for in every log line, as the keys are: the token and the hash the database keeps.
    world.logScan.add({ never: [opened.token, hashSecret(opened.token)], notAtInfo: [] });
    return [
      { kind: 'member', name: 'member cookie', cookie: `studio_member=${opened.token}`, csrf },
      { kind: 'member', name: 'member token as a staff cookie', cookie: `studio_session=${opened.token}`, csrf },
    ];
  },
  headers: (caller, method) => ({ host, cookie: caller.cookie, ...(method !== 'GET' && { origin, 'x-csrf-token': caller.csrf }) }),
  decide: () => refused(401, 'invalid_session'),
};

/** Every caller kind of the matrix; a new kind is one more entry (its callers, mount, headers and rule). */
export const callerKinds: readonly CallerKind[] = [apiKeys as CallerKind, staffSessions as CallerKind, deviceKeys as CallerKind, members as CallerKind];

/** The request of `parts` as `caller` sends it on `mount`. */
export function asCaller(request: ApiRequest, kind: CallerKind, caller: Caller, mount: string): ApiRequest {
  const { authorization: _none, ...headers } = request.headers ?? {};
  return { ...request, url: mount + request.url.slice('/v1'.length), headers: { ...headers, ...kind.headers(caller, request.method) } };
}
