import { randomUUID } from 'node:crypto';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock/time.js';
import type { RouteSpec } from '../../src/http/route.js';
import { hashKey } from '../../src/modules/keys/key-format.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { createAccount, disableAccount } from '../../src/modules/staff-accounts/accounts.js';
import { apiRoutes } from '../../src/modules/routes.js';
import { webApiPrefix } from '../../src/web/mount-web.js';
import { webRoutes } from '../../src/web/routes.js';
import { openMemberSession } from '../../src/modules/member-auth/sessions.js';
import { memberAuthSettings } from '../../src/modules/member-auth/settings.js';
import { csrfToken } from '../../src/web/csrf.js';
import { memberApiPrefix } from '../../src/web/member/mount-member.js';
import { memberRoutes } from '../../src/web/member/routes.js';
import { memberDecisions, type MemberCaller, type MemberPlace } from './member-decisions.js';
import { envelopeProblems } from '../helpers/envelope.js';
import { documentedOperations, serialize, validParts, validRequests } from '../reliability/operations.js';
import { fixtureSecrets, LogScan } from '../reliability/secrets.js';
import { buildWorld, type TargetName, type World } from '../reliability/world.js';
import { testSettings } from '../staff-accounts/studio.js';
import { host, origin, password, webStudio } from '../web/web-studio.js';
import { apiDecisions } from './api-decisions.js';
import { asCaller, callerKinds, staffSessions, success, type Caller, type CallerKind, type Outcome } from './callers.js';
import { webDecisions, type Place, type Role, type Target } from './web-decisions.js';

/**
 * One authorization matrix over every route of both mounts: the API's (/v1 for keys, /app/api/v1 for
 * staff sessions) and the web app's own (/app/api). Each route has one decision (api-decisions.ts,
 * web-decisions.ts); its callers are every caller kind of callers.ts (each scope in every key state,
 * each staff role at its location and another, a disabled account) at the own location, another
 * location and another company. Each cell's answer is checked for its status, its code and the
 * envelope; every log line for secrets. The API's routes run on the demo business (reliability/world.ts),
 * whose objects every valid request names; the web app's on a two-location studio (web/web-studio.ts).
 */

const operations = documentedOperations();
const targetNames: TargetName[] = ['own', 'otherLocation', 'otherCompany'];
const sessionRoutes = webRoutes.filter((route) => !route.signedOut);
const routeOf = (name: string) => name.split(' ')[0]!;
/** A path of the route with every parameter filled by an id nobody has. */
const anyPath = (prefix: string, route: RouteSpec) => prefix + route.path.replace(/:[A-Za-z_]+/g, () => randomUUID());
const codeOf = (response: { statusCode: number; body: string }) => (response.statusCode >= 400 ? (JSON.parse(response.body) as { error?: { code?: string } }).error?.code : undefined);

/** What is wrong with an answer against its decided outcome ('' when nothing). */
function mismatch(response: { statusCode: number; headers: Record<string, unknown>; body: string }, want: Outcome): string {
  const code = codeOf(response);
  const problems = response.statusCode >= 400 ? envelopeProblems({ status: response.statusCode, headers: response.headers as never, body: response.body }) : [];
  // Allowed: past every rule of who may call, so no 401, 403 or not-found; a business rule (409, 422) may still answer.
  const wrong =
    want === 'allowed'
      ? response.statusCode === 401 || response.statusCode === 403 || code === 'resource_missing' || response.statusCode >= 500
      : response.statusCode !== want.status || code !== want.code;
  if (!wrong && problems.length === 0) return '';
  const decided = want === 'allowed' ? 'allowed' : `${want.status} ${want.code ?? ''}`;
  return `${response.statusCode} ${code ?? ''} ${problems.join('; ')}, decided ${decided} — ${response.body.slice(0, 160)}`;
}

describe.each(dialects)('authorization matrix: every route of both mounts x caller x target (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let world: World;
  let s: Awaited<ReturnType<typeof webStudio>>;
  const callers = new Map<CallerKind, Caller[]>();

  beforeAll(async () => {
    const settings = testSettings(systemClock);
    world = await buildWorld(dialect, { staffAuth: settings });
    world.logScan.add({ never: [password], notAtInfo: [] });
    for (const kind of callerKinds) callers.set(kind, await kind.make(world, settings));
    s = await webStudio(suite.db);
  }, 120_000);
  afterAll(async () => {
    await s.app.close();
    await world.close();
  });

  it('has one decision for every route of both mounts, and none for a route that is not there', () => {
    expect(operations.map((op) => op.id).sort()).toEqual(Object.keys(validRequests).sort());
    expect(operations.map((op) => op.id).sort()).toEqual(Object.keys(apiDecisions).sort());
    expect(operations.filter((op) => op.route.scopes.length === 0).map((op) => op.id)).toEqual(['ping']);
    expect(sessionRoutes.map((route) => route.operationId).sort()).toEqual([...new Set(Object.keys(webDecisions).map(routeOf))].sort());
    expect(memberRoutes.map((route) => route.operationId).sort()).toEqual(Object.keys(memberDecisions).sort());
  });

  it("names in each web route's contract exactly the roles its decisions do not refuse for their role alone, checked before the body", () => {
    const contractRoles: Record<Role, string> = { owner: 'owner', manager: 'manager', desk: 'front_desk' };
    const mismatched: string[] = [];
    for (const route of sessionRoutes) {
      const variants = Object.entries(webDecisions).filter(([name]) => routeOf(name) === route.operationId);
      // A role is refused by the route itself when every case of it, at every place, is 403 role_not_allowed.
      const refused = (role: Role) =>
        variants.every(([, decision]) => {
          const expected = decision.expected[role];
          return (typeof expected === 'string' ? [expected] : Object.values(expected)).every((outcome) => outcome === '403 role_not_allowed');
        });
      const allowed = (['owner', 'manager', 'desk'] as const).filter((role) => !refused(role)).map((role) => contractRoles[role]);
      const stated = route.roles ? [...route.roles] : ['owner', 'manager', 'front_desk'];
      if (stated.join() !== allowed.join()) mismatched.push(`${route.operationId}: contract ${stated.join(', ')}, decisions ${allowed.join(', ')}`);
    }
    expect(mismatched).toEqual([]);
  });

  it.each(callerKinds.map((kind) => [kind.kind, kind] as const))('answers each %s on the API routes of its mount as decided, in the envelope', async (_name, kind) => {
    const wrong: string[] = [];
    let cells = 0;
    for (const op of operations) {
      const decision = apiDecisions[op.id]!;
      for (const caller of callers.get(kind)!) {
        for (const target of targetNames) {
          const exception = decision.except?.[kind.kind] as ((caller: Caller, target: TargetName) => Outcome | undefined) | undefined;
          const want = exception?.(caller, target) ?? kind.decide(op, caller, target, world, decision.everyLocation ?? false);
          const response = await world.send(asCaller(serialize(validParts(op, world.targets[target], null)), kind, caller, kind.apiMount));
          const problem = mismatch(response, want);
          if (problem) wrong.push(`${op.id} ${caller.name} ${target}: ${problem}`);
          cells++;
        }
      }
    }
    expect(cells).toBe(operations.length * callers.get(kind)!.length * targetNames.length);
    expect(wrong).toEqual([]);
  });

  it("refuses a caller's credential on a mount that does not read it (401)", async () => {
    const wrong: string[] = [];
    for (const kind of callerKinds) {
      const caller = callers.get(kind)![0]!;
      for (const mount of ['/v1', `${webApiPrefix}/v1`] as const) {
        if (mount === kind.apiMount) continue;
        const code = mount === '/v1' ? 'invalid_api_key' : 'invalid_session';
        for (const op of operations) {
          const response = await world.send(asCaller(serialize(validParts(op, world.targets.own, null)), kind, caller, mount));
          const problem = mismatch(response, { status: 401, code });
          if (problem) wrong.push(`${op.id} ${caller.name} at ${mount}: ${problem}`);
        }
      }
      // The web app's own routes read a staff session only: a key's or a member's is no session there.
      if (kind.kind === 'staff session') continue;
      for (const route of sessionRoutes) {
        const response = await world.send({ method: route.method, url: anyPath(webApiPrefix, route), headers: kind.headers(caller, route.method) });
        const problem = mismatch(response, { status: 401, code: 'invalid_session' });
        if (problem) wrong.push(`${route.operationId} ${caller.name}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists for a location-limited caller only what is at its locations: a key, and a front desk on /app/api/v1', async () => {
    const limitedKey = (await world.mint(world.ownCompanyId, 'all', [world.targets.own.location])).key;
    const desk = callers.get(staffSessions as CallerKind)!.find((caller) => caller.kind === 'staff session' && caller.role === 'desk')!;
    const lists = operations.filter((op) => op.route.method === 'GET' && op.pathParams.length === 0 && op.queryParams.some((p) => p.name === 'location_id'));
    expect(lists.length).toBeGreaterThanOrEqual(6);
    const asKey = (op: (typeof operations)[number]) => validParts(op, world.targets.own, `Bearer ${limitedKey}`);
    for (const [name, send] of [
      ['key', (op: (typeof operations)[number]) => serialize(withoutLocation(asKey(op)))],
      ['front desk', (op: (typeof operations)[number]) => asCaller(serialize(withoutLocation(asKey(op))), staffSessions as CallerKind, desk, `${webApiPrefix}/v1`)],
    ] as const) {
      for (const op of [...lists, operations.find((op) => op.id === 'listLocations')!]) {
        const response = await world.send(send(op));
        expect(response.statusCode, `${name} ${op.id}: ${response.body.slice(0, 200)}`).toBe(200);
        const rows = (response.json() as { data: { id: string; location_id?: string }[] }).data;
        if (op.id === 'listLocations')
          expect(
            rows.map((row) => row.id),
            name,
          ).toEqual([world.targets.own.location]);
        for (const row of rows) if (row.location_id !== undefined) expect(row.location_id, `${name} ${op.id}`).toBe(world.targets.own.location);
      }
    }
  });

  it("answers a key of every location on the webhook routes: its company's objects, not another's, and only with write:webhooks", async () => {
    const webhookOps = operations.filter((op) => apiDecisions[op.id]!.everyLocation);
    expect(webhookOps.length).toBe(10);
    const wrong: string[] = [];
    for (const scope of ['write:webhooks', 'read:events', 'read:contacts'] as const) {
      const key = (await world.mint(world.ownCompanyId, [scope], 'all')).key;
      for (const op of webhookOps) {
        for (const target of ['own', 'otherCompany'] as const) {
          const response = await world.send(serialize(validParts(op, world.targets[target], `Bearer ${key}`)));
          const listsOwn = op.pathParams.length === 0;
          const want: Outcome = scope !== 'write:webhooks' ? { status: 403, code: 'insufficient_scope' } : target === 'own' || listsOwn ? success(op) : { status: 404, code: 'resource_missing' };
          const problem = mismatch(response, want);
          if (problem) wrong.push(`${op.id} [${scope}] ${target}: ${problem}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers each staff role on the web routes, at each location and for another company, as decided', async () => {
    const emails: Record<Role, string> = { owner: 'olive@alder.example', manager: 'mark@alder.example', desk: 'dee@alder.example' };
    const freshDesk = async (business: Target['company']['business'], location: string) =>
      (await createAccount(suite.db, s.settings, business, { email: `${randomUUID()}@alder.example`, displayName: 'Target', role: 'front_desk', locationIds: [location], password })).id;
    const targets: Record<Place, () => Promise<Target>> = {
      north: async () => ({ company: s.studio, location: s.studio.north, contact: s.studio.nina, account: await freshDesk(s.studio.business, s.studio.north), clock: s.clock.now }),
      south: async () => ({ company: s.studio, location: s.studio.south, contact: s.studio.sam, account: await freshDesk(s.studio.business, s.studio.south), clock: s.clock.now }),
      other: async () => ({ company: s.other, location: s.other.north, contact: s.other.nina, account: await freshDesk(s.other.business, s.other.north), clock: s.clock.now }),
    };
    const wrong: string[] = [];
    for (const role of ['owner', 'manager', 'desk'] as const) {
      let browser = await s.signIn(emails[role]);
      for (const [name, decision] of Object.entries(webDecisions)) {
        for (const place of ['north', 'south', 'other'] as const) {
          const expected = typeof decision.expected[role] === 'string' ? decision.expected[role] : decision.expected[role][place];
          const response = await s.send({ ...(await decision.request(await targets[place](), suite.db)), as: browser });
          const code = response.statusCode >= 400 ? ` ${response.json<{ error: { code: string } }>().error.code}` : '';
          const got = `${response.statusCode}${code}`;
          if (got !== expected) wrong.push(`${name} as ${role} at ${place}: ${got}, expected ${expected}`);
          // A session is signed in once per role; a route that ended it (sign-out, everywhere) is followed by a new one.
          if (decision.endsSession) browser = await s.signIn(emails[role]);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it("answers each members' app route for the member, a staff session and nobody, at the member's own, another member's and another company's session, as decided", async () => {
    const settings = memberAuthSettings(s.settings.clock);
    const memberSession = async (companyId: string, contactId: string, locationId: string) =>
      suite.db.transaction((tx) => openMemberSession(suite.db, tx, settings, { companyId, contactId, locationId, userAgent: undefined }));
    const nina = () => memberSession(s.studio.companyId, s.studio.nina, s.studio.north);
    const targets: Record<MemberPlace, () => Promise<{ sessionId: string }>> = {
      own: nina,
      otherMember: () => memberSession(s.studio.companyId, s.studio.sam, s.studio.south),
      otherCompany: () => memberSession(s.other.companyId, s.other.nina, s.other.north),
    };
    const staff = await s.signIn('olive@alder.example');
    const cookieOf = async (caller: MemberCaller) => {
      if (caller === 'staff') return staff;
      if (caller === 'none') return undefined;
      const { token } = await nina();
      return { cookie: `studio_member=${token}`, csrf: csrfToken(token) };
    };
    const wrong: string[] = [];
    let cells = 0;
    for (const caller of ['member', 'staff', 'none'] as const) {
      let as = await cookieOf(caller);
      for (const [name, decision] of Object.entries(memberDecisions)) {
        for (const place of ['own', 'otherMember', 'otherCompany'] as const) {
          const expected = typeof decision.expected[caller] === 'string' ? decision.expected[caller] : decision.expected[caller][place];
          const { sessionId } = await targets[place]();
          const request = decision.request({ session: sessionId, companyId: s.studio.companyId });
          const writes = request.method !== 'GET';
          const headers: Record<string, string> = { host, ...(as && { cookie: as.cookie }), ...(writes && { origin }), ...(writes && as && { 'x-csrf-token': as.csrf }) };
          if (request.body !== undefined) headers['content-type'] = 'application/json';
          const response = await s.app.inject({ method: request.method, url: memberApiPrefix + request.path, headers, ...(request.body !== undefined && { payload: JSON.stringify(request.body) }) });
          const problems = response.statusCode >= 400 ? envelopeProblems({ status: response.statusCode, headers: response.headers as never, body: response.body }) : [];
          const got = `${response.statusCode}${response.statusCode >= 400 ? ` ${codeOf(response) ?? ''}` : ''}`;
          if (got !== expected || problems.length > 0) wrong.push(`${name} as ${caller} at ${place}: ${got} ${problems.join('; ')}, expected ${expected}`);
          cells++;
          if (decision.endsSession) as = await cookieOf(caller);
        }
      }
    }
    expect(cells).toBe(Object.keys(memberDecisions).length * 9);
    expect(wrong).toEqual([]);
  });

  it("answers 401 invalid_session without a session, or with a disabled account's, on every /app/api route but sign-in and setup, the API mount included", async () => {
    const mounted = [...sessionRoutes.map((route) => ({ route, prefix: webApiPrefix })), ...apiRoutes.map((route) => ({ route, prefix: `${webApiPrefix}/v1` }))];
    const account = await createAccount(suite.db, s.settings, s.studio.business, { email: 'gone@alder.example', displayName: 'Gone', role: 'front_desk', locationIds: [s.studio.north], password });
    const disabled = await s.signIn('gone@alder.example');
    await disableAccount(suite.db, s.settings, s.studio.business, account.id);
    const wrong: string[] = [];
    for (const { route, prefix } of mounted) {
      for (const as of [undefined, { cookie: 'studio_session=not-a-session', csrf: 'x' }, disabled]) {
        const response = await s.send({ method: route.method, url: anyPath(prefix, route), ...(route.method !== 'GET' && { body: {} }), ...(as && { as }) });
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
    const refusedSouth = await s.send({ method: 'POST', url: '/app/api/v1/contacts', as: desk, body: { location_id: s.studio.south, first_name: 'Walk', last_name: 'In' } });
    expect(refusedSouth.statusCode).toBe(403);
    expect(refusedSouth.json<{ error: { code: string } }>().error.code).toBe('location_not_allowed');
  });

  it('signs a staff member of another company in to that company only', async () => {
    const otherDesk = await s.signIn('dee@other.example', s.other.companyId);
    const view = (await s.send({ method: 'GET', url: '/app/api/session', as: otherDesk })).json<{ company: { id: string } }>();
    expect(view.company.id).toBe(s.other.companyId);
    const response = await s.send({ method: 'GET', url: `/app/api/v1/contacts/${s.studio.nina}`, as: otherDesk });
    expect(response.statusCode).toBe(404);
  });

  it('logged no key, secret, key hash, member code, card number or password, and no phone or email at info or above', () => {
    const secrets = fixtureSecrets(world.mintedKeys, world.files);
    // The scan itself finds what it looks for: a key's hash, a card printed as reversed decimal, a phone at info but not at debug.
    const [key] = world.mintedKeys;
    const planted = [
      JSON.stringify({ level: 20, msg: hashKey(key!) }),
      JSON.stringify({ level: 20, msg: `scan ${BigInt('0x80E6D5C1B2A304').toString()}` }),
      JSON.stringify({ level: 30, msg: 'call +17185550110' }),
      JSON.stringify({ level: 20, msg: 'call +17185550110' }),
    ];
    const scan = new LogScan(secrets);
    for (const line of planted) scan.write(line);
    expect(scan.found).toHaveLength(3);
    expect(world.logScan.lines).toBeGreaterThan(1000);
    expect(world.logScan.found).toEqual([]);
  });
});

/** A list's request without its `location_id`: a limited caller then gets its own locations' rows. */
function withoutLocation<T extends { query: [string, string | null][] }>(parts: T): T {
  return { ...parts, query: parts.query.filter(([name]) => name !== 'location_id') };
}
