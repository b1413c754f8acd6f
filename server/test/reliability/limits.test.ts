import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, defaultLimits, loadConfig, type ServerLimits } from '../../src/config.js';
import { expectEnvelope } from '../helpers/envelope.js';
import { exchange } from './raw-http.js';

type App = Awaited<ReturnType<typeof buildApp>>;

describe('limits in the environment', () => {
  it('reads every limit from the environment, with defaults, and refuses headers that may outlast the request', () => {
    const limits = loadConfig({ RATE_LIMIT_MAX: '50', RATE_LIMIT_WINDOW_SECONDS: '2', MAX_CONNECTIONS: '9' }).limits;
    expect(limits).toMatchObject({ rateLimitMax: 50, rateLimitWindowMs: 2000, maxConnections: 9, maxUrlLength: defaultLimits.maxUrlLength });
    expect(defaultLimits).toMatchObject({ rateLimitMax: 6000, rateLimitWindowMs: 60_000, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(ConfigError);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(/HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/);
  });
});

describe('rate, size and URL limits', () => {
  let f: Fixture;
  const apps: App[] = [];
  beforeAll(async () => {
    f = await startFixture('sqlite');
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(() => f.close());

  async function appWith(limits: Partial<ServerLimits>): Promise<App> {
    const app = await buildApp({ db: f.db, limits: { ...defaultLimits, ...limits } });
    apps.push(app);
    return app;
  }
  const get = (app: App, url: string, key: string | null, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url, remoteAddress, headers: key === null ? {} : { authorization: `Bearer ${key}` } });
  const answer = (response: Awaited<ReturnType<typeof get>>) => ({ status: response.statusCode, headers: response.headers, body: response.body });

  it('answers 429 rate_limited with Retry-After once a key spends its window, counting each key on its own', async () => {
    const app = await appWith({ rateLimitMax: 5, rateLimitWindowMs: 60_000 });
    const [first, second] = [await f.mint(), await f.mint()];
    for (let i = 0; i < 5; i++) expect((await get(app, '/v1/ping', first)).statusCode).toBe(200);
    const limited = await get(app, '/v1/ping', first);
    expectEnvelope(answer(limited), 429, 'rate_limited');
    expect(JSON.parse(limited.body).error.type).toBe('rate_limit');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Every route counts, and another key of the same company is not held back.
    expect((await get(app, '/v1/contacts', first)).statusCode).toBe(429);
    expect((await get(app, '/v1/ping', second)).statusCode).toBe(200);
  });

  it('does not store a 429 for idempotency: the same key succeeds once the limit allows', async () => {
    const key = await f.mint();
    const limited = await appWith({ rateLimitMax: 1, rateLimitWindowMs: 60_000 });
    expect((await get(limited, '/v1/ping', key)).statusCode).toBe(200);
    const create = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/v1/contacts',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'rate-limited-once' },
        payload: { first_name: 'Rita', location_id: f.acme.us.id },
      });
    expect((await create(limited)).statusCode).toBe(429);
    const retried = await create(await appWith({ rateLimitMax: 1, rateLimitWindowMs: 60_000 }));
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers requests with no valid key 401 until their IP spends its budget, then 429; a valid key from that IP is still served', async () => {
    const app = await appWith({ rateLimitAnonymousMax: 3, rateLimitWindowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect((await get(app, '/v1/ping', i % 2 ? null : 'acme_sk_live_nope')).statusCode).toBe(401);
    expectEnvelope(answer(await get(app, '/v1/ping', 'acme_sk_live_nope')), 429, 'rate_limited');
    expect((await get(app, '/v1/ping', null, '10.0.0.9')).statusCode).toBe(401);
    expect((await get(app, '/v1/ping', f.keys.all)).statusCode).toBe(200);
  });

  it('turns the per-key limit off with 0', async () => {
    const app = await appWith({ rateLimitMax: 0 });
    const key = await f.mint();
    for (let i = 0; i < 30; i++) expect((await get(app, '/v1/ping', key)).statusCode).toBe(200);
  });

  it('answers an overlong URL 414, too many query parameters 400, and a malformed URL 400, in the envelope', async () => {
    const app = await appWith({ maxUrlLength: 300, maxQueryParams: 4 });
    expectEnvelope(answer(await get(app, `/v1/contacts?search=${'a'.repeat(300)}`, f.keys.all)), 414, 'url_too_long');
    expectEnvelope(answer(await get(app, '/v1/contacts?a=1&b=2&c=3&d=4&e=5', f.keys.all)), 400, 'invalid_param', 'query');
    expect((await get(app, '/v1/contacts?limit=1&limit=2&limit=3', f.keys.all)).statusCode).toBe(400);
    expectEnvelope(answer(await get(app, '/v1/contacts/%E0%A4%A', f.keys.all)), 400, 'invalid_param', 'url');
    expectEnvelope(answer(await get(app, `/v1/contacts/${'1'.repeat(150)}`, f.keys.all)), 400, 'invalid_param', 'url');
    // The limits apply before the key is looked up, and to unknown routes too.
    expectEnvelope(answer(await get(app, `/v1/nowhere?${'x'.repeat(300)}`, null)), 414, 'url_too_long');
  });

  it('answers oversized headers 431, a request that is not HTTP 400 and an unknown Expect in the envelope, on the socket', async () => {
    const app = await appWith({ maxHeaderBytes: 2048 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const big = await exchange(port, `GET /v1/ping HTTP/1.1\r\nHost: x\r\nX-Filler: ${'f'.repeat(4000)}\r\n\r\n`);
    expectEnvelope(big!, 431, 'headers_too_large');
    const garbage = await exchange(port, 'HELLO THERE\r\n\r\n');
    expectEnvelope(garbage!, 400, 'invalid_param');
    const badChunk = await exchange(
      port,
      `POST /v1/contacts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${f.keys.all}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    );
    expect(badChunk!.status).toBe(400);
    expect(badChunk!.body).toContain('"request_id"');
    // Node's own answer to an unknown expectation was a bare 417; it is now served as any request.
    const expecting = await exchange(port, `GET /v1/nowhere HTTP/1.1\r\nHost: x\r\nExpect: 42-fancy\r\nConnection: close\r\n\r\n`);
    expectEnvelope(expecting!, 404, 'route_not_found');
    const served = await exchange(port, `GET /v1/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${f.keys.all}\r\nExpect: 42-fancy\r\nConnection: close\r\n\r\n`);
    expect(served!.status).toBe(200);
  });
});
