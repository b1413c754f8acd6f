import { randomUUID } from 'node:crypto';
import { maxJsonDepth, tooDeepAt } from '@studio/shared';
import { bodyLimitOf, contracts, defaultBodyLimitBytes, type RouteContract } from '@studio/shared/contracts';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { defaultLimits } from '../../src/config.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { webApiPrefix } from '../../src/web/mount-web.js';
import { host, origin, password, webStudio, type Browser, type WebResponse } from '../web/web-studio.js';

type ErrorBody = { error: { code: string; message: string; param?: string } };
type Studio = Awaited<ReturnType<typeof webStudio>>;

/** `{"a":{"a":…1…}}`, `levels` objects deep. */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** A JSON object of `bytes` bytes exactly: one padding field. */
const bodyOfSize = (bytes: number) => `{"pad":"${'x'.repeat(bytes - '{"pad":""}'.length)}"}`;

/**
 * Issue 30, N5: a front-desk account stalled the server with a 120 KB body nested 20,000 deep sent
 * to the import dry run (its role was checked after the body was parsed; the walk of the parsed
 * body then overflowed the stack, 500). Now every body is read within its contract's limit and
 * refused past `maxJsonDepth` before anything parses it, a session's role is checked before its
 * body is read, and each staff account's requests are counted. "Before it is parsed" is observed,
 * not timed: `JSON.parse` (which Fastify's parser calls) is watched, and must never see the body.
 */
describe.each(dialects)('request bodies: depth, size and role before the body is read (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  let owner: Browser;
  let desk: Browser;
  let apiKey: string;
  // Watched in this file only: the server's files share one module graph and one global JSON.
  let parse: MockInstance<typeof JSON.parse>;
  beforeAll(async () => {
    parse = vi.spyOn(JSON, 'parse');
    s = await webStudio(suite.db);
    owner = await s.signIn('olive@alder.example');
    desk = await s.signIn('dee@alder.example');
    apiKey = (await createKey(suite.db, { companyId: s.studio.companyId, scopes: 'all', locationIds: 'all' })).key;
  }, 60_000);
  afterAll(async () => {
    parse.mockRestore();
    await s.app.close();
  });
  afterEach(() => parse.mockClear());

  /** A raw body (text, not an object) sent as a browser of the app or with the API key. */
  async function sendRaw(method: string, url: string, payload: string, as: Browser | 'key' | null): Promise<WebResponse> {
    const headers: Record<string, string> = { host, origin, 'content-type': 'application/json' };
    if (as === 'key') headers.authorization = `Bearer ${apiKey}`;
    else if (as) Object.assign(headers, { cookie: as.cookie, 'x-csrf-token': as.csrf });
    return (await s.app.inject({ method: method as 'POST', url, headers, payload })) as unknown as WebResponse;
  }
  const parsed = (text: string) => parse.mock.calls.some(([argument]) => argument === text);
  const dryRuns = async () => (await auditLog(suite.db, s.studio.companyId)).filter((entry) => entry.action === 'import_dry_run').length;

  it('finds a body too deep by reading no further than one bracket past the cap', () => {
    const deep = nested(20_000);
    // The work done on the body: at most the first 65 levels of its 120 KB, never the rest.
    expect(deep.length).toBeGreaterThan(100_000);
    expect(tooDeepAt(deep)).toBe('{"a":'.length * maxJsonDepth);
    expect(tooDeepAt(nested(maxJsonDepth))).toBe(-1);
    // Brackets inside strings, escaped quotes included, are text.
    expect(tooDeepAt(JSON.stringify({ text: `\\"${'['.repeat(1000)}` }))).toBe(-1);
  });

  it("answers the issue's 120 KB body nested 20,000 deep to the import dry run with 400 invalid_json, unparsed, the handler never run", async () => {
    const before = await dryRuns();
    const body = `{"password":${JSON.stringify(password)},"file":${nested(20_000)}}`;
    const response = await sendRaw('POST', '/app/api/import/dry-run', body, owner);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorBody>().error).toMatchObject({ code: 'invalid_json', param: 'body', message: expect.stringContaining(`${maxJsonDepth} deep`) });
    expect(parsed(body)).toBe(false);
    expect(await dryRuns()).toBe(before);
    // The server answers other requests as ever.
    const ping = await s.app.inject({ method: 'GET', url: '/v1/ping', headers: { authorization: `Bearer ${apiKey}` } });
    expect(ping.statusCode).toBe(200);
  });

  it('refuses a deep body on every mount, a signed-out route included, and takes one at the cap', async () => {
    const deep = nested(10_000);
    expect(deep.length).toBeLessThan(defaultBodyLimitBytes);
    for (const [url, as] of [
      ['/v1/contacts', 'key'],
      [`${webApiPrefix}/v1/contacts`, owner],
      [`${webApiPrefix}/sign-in`, null],
    ] as const) {
      const response = await sendRaw('POST', url, deep, as);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json<ErrorBody>().error.code, url).toBe('invalid_json');
      expect(parsed(deep), url).toBe(false);
    }
    // A file nested to the cap, the body's own level included, is read and dry-run.
    const atCap = `{"password":${JSON.stringify(password)},"file":${nested(maxJsonDepth - 1)}}`;
    const response = await sendRaw('POST', '/app/api/import/dry-run', atCap, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ ok: boolean }>().ok).toBe(false);
  });

  it("refuses the front desk on an owner's route with 403 before its body is read, however large", async () => {
    const before = await dryRuns();
    const file = { version: 1, contacts: Array.from({ length: 4000 }, (_, i) => ({ ref: `c${i}`, location: 'north', first_name: `Contact ${i} ${'x'.repeat(150)}` })) };
    const large = JSON.stringify({ password, file });
    expect(large.length).toBeGreaterThan(700_000);
    for (const body of [large, bodyOfSize(2 * 1024 * 1024)]) {
      const response = await sendRaw('POST', '/app/api/import/dry-run', body, desk);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json<ErrorBody>().error.code).toBe('role_not_allowed');
      expect(parsed(body)).toBe(false);
    }
    expect(await dryRuns()).toBe(before);
    // The owner's own is read: the refusal was the role's.
    const response = await sendRaw('POST', '/app/api/import/dry-run', large, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(large)).toBe(true);
  });

  it("refuses a body over its contract's limit with 413 before reading it, on every route of every mount", async () => {
    const routes = (Object.values(contracts) as RouteContract[]).filter((contract) => contract.method !== 'GET' && !contract.signedOut);
    const mounts = (contract: RouteContract) => (contract.mount === 'api' ? [['/v1', 'key'] as const, [`${webApiPrefix}/v1`, owner] as const] : [[webApiPrefix, owner] as const]);
    const wrong: string[] = [];
    let sent = 0;
    for (const contract of routes) {
      const limit = bodyLimitOf(contract);
      const body = bodyOfSize(limit + 1);
      for (const [prefix, as] of mounts(contract)) {
        const url = prefix + contract.path.replace(/:[A-Za-z_]+/g, () => randomUUID());
        const response = await sendRaw(contract.method, url, body, as);
        const code = response.statusCode >= 400 ? response.json<ErrorBody>().error.code : '';
        if (response.statusCode !== 413 || code !== 'request_too_large' || parsed(body)) wrong.push(`${contract.operationId} at ${prefix}: ${response.statusCode} ${code}, parsed ${parsed(body)}`);
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(90);
    expect(wrong).toEqual([]);
    // The message names the route's own limit.
    const response = await sendRaw('POST', '/v1/contacts', bodyOfSize(defaultBodyLimitBytes + 1), 'key');
    expect(response.json<ErrorBody>().error.message).toContain('64 KiB');
  }, 120_000);

  it('gives only the routes that need it a limit above the default, and none above 1 MiB', () => {
    const larger = Object.fromEntries(
      (Object.values(contracts) as RouteContract[]).filter((contract) => contract.bodyLimit !== undefined).map((contract) => [contract.operationId, contract.bodyLimit]),
    );
    expect(larger).toEqual({ recordDeviceHeartbeat: 256 * 1024, webImportDryRun: 1024 * 1024, webImportCommit: 1024 * 1024, webCreateLocation: 512 * 1024, webUpdateLocation: 512 * 1024 });
  });
});

describe.each(dialects)("a staff account's requests are rate limited (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  beforeAll(async () => {
    s = await webStudio(suite.db, { limits: { ...defaultLimits, rateLimitSessionMax: 4 } });
  }, 60_000);
  afterAll(() => s.app.close());

  it('answers 429 rate_limited past the limit, counting every session and mount of the account, and no other account', async () => {
    // Sign-in itself is not counted against the account: it has its own limits.
    const first = await s.signIn('dee@alder.example');
    const second = await s.signIn('dee@alder.example');
    const statuses: number[] = [];
    for (const [url, as] of [
      ['/app/api/session', first],
      [`${webApiPrefix}/v1/locations`, second],
      ['/app/api/session', second],
      [`${webApiPrefix}/v1/locations`, first],
    ] as const) {
      statuses.push((await s.send({ method: 'GET', url, as })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await s.send({ method: 'GET', url: '/app/api/session', as: first });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A write too, refused before its body is read.
    expect((await s.send({ method: 'POST', url: `${webApiPrefix}/v1/contacts`, as: second, body: { location_id: s.studio.north, first_name: 'Ann' } })).statusCode).toBe(429);
    // Another account is served.
    const owner = await s.signIn('olive@alder.example');
    expect((await s.send({ method: 'GET', url: '/app/api/session', as: owner })).statusCode).toBe(200);
  });
});
