import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { testCompanyOf } from '../../../src/modules/companies/environments.js';
import { createLogger } from '../../../src/server.js';
import { deliveryTo } from './webhook-data.js';

/** The /v1 webhook routes through an app whose every log line, down to trace, is kept to search for secrets. */
describe.each(dialects)('webhook endpoint API routes (%s)', (dialect) => {
  let f: Fixture;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    f = await startFixture(dialect);
    app = await buildApp({ db: f.db, logger: createLogger('trace', { write: (line: string) => void lines.push(line) }) });
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  const call = async (key: string, method: string, url: string, body?: unknown) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
    // Answers are read field by field below; their shape is the route's schema's (checked where it matters).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };

  it('shows the secret in the create and rotate answers only, never in a read, a list or a log line', async () => {
    const key = await f.mint({ scopes: ['write:webhooks'] });
    const made = await call(key, 'POST', '/v1/webhook_endpoints', { url: 'https://receiver.example/hooks', event_types: ['contact.created', 'booking.created'] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ url: 'https://receiver.example/hooks', enabled: true, description: '', environment: 'live', disabled_reason: null });
    const secret = made.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const id = made.body.id as string;
    const rotated = await call(key, 'POST', `/v1/webhook_endpoints/${id}/rotate_secret`);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(secret);
    const read = await call(key, 'GET', `/v1/webhook_endpoints/${id}`);
    const listed = await call(key, 'GET', '/v1/webhook_endpoints');
    const patched = await call(key, 'PATCH', `/v1/webhook_endpoints/${id}`, { description: 'CRM' });
    expect([read.status, listed.status, patched.status]).toEqual([200, 200, 200]);
    expect(read.body.secret_last4).toBe(newSecret.slice(-4));
    expect(patched.body).toMatchObject({ description: 'CRM', event_types: ['contact.created', 'booking.created'] });
    for (const answer of [read, listed, patched]) {
      expect(answer.body).not.toHaveProperty('secret');
      for (const s of [secret, newSecret]) expect(JSON.stringify(answer.body)).not.toContain(s.slice(6, 40));
    }
    expect(lines.length).toBeGreaterThan(0);
    for (const s of [secret, newSecret]) expect(lines.filter((line) => line.includes(s.slice(6, 40)))).toEqual([]);
  });

  it('refuses a URL that is not http(s), a key of some locations with why, and a key without write:webhooks', async () => {
    const key = await f.mint({ scopes: ['write:webhooks'] });
    for (const url of ['ftp://receiver.example/x', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      const refused = await call(key, 'POST', '/v1/webhook_endpoints', { url, event_types: ['*'] });
      expect(refused.status, url).toBe(400);
      expect(refused.body.error.param).toBe('url');
    }
    const limited = await call(await f.mint({ scopes: ['write:webhooks'], locations: [f.acme.us.id] }), 'GET', '/v1/webhook_endpoints');
    expect(limited.status).toBe(403);
    expect(limited.body.error.code).toBe('location_not_allowed');
    expect(limited.body.error.message).toMatch(/every location/);
    const unscoped = await call(await f.mint({ scopes: ['read:events', 'read:contacts'] }), 'GET', '/v1/webhook_endpoints');
    expect(unscoped.status).toBe(403);
    expect(unscoped.body.error.code).toBe('insufficient_scope');
  });

  it('keeps test and live endpoints apart: a test key finds no live endpoint or delivery, and lists its own only', async () => {
    const live = await f.mint({ scopes: ['write:webhooks'] });
    const test = await f.mint({ environment: 'test', scopes: ['write:webhooks'] });
    const liveEndpoint = (await call(live, 'POST', '/v1/webhook_endpoints', { url: 'https://receiver.example/live', event_types: ['*'] })).body.id as string;
    const testEndpoint = await call(test, 'POST', '/v1/webhook_endpoints', { url: 'https://receiver.example/test', event_types: ['*'] });
    expect(testEndpoint.body.environment).toBe('test');
    const delivery = await deliveryTo(f.db, f.acme.id, liveEndpoint);
    for (const [method, url] of [
      ['GET', `/v1/webhook_endpoints/${liveEndpoint}`],
      ['PATCH', `/v1/webhook_endpoints/${liveEndpoint}`],
      ['DELETE', `/v1/webhook_endpoints/${liveEndpoint}`],
      ['POST', `/v1/webhook_endpoints/${liveEndpoint}/rotate_secret`],
      ['POST', `/v1/webhook_endpoints/${liveEndpoint}/send_test`],
      ['GET', `/v1/webhook_endpoints/${liveEndpoint}/deliveries`],
      ['GET', `/v1/webhook_deliveries/${delivery}/attempts`],
      ['POST', `/v1/webhook_deliveries/${delivery}/resend`],
    ] as const) {
      const answer = await call(test, method, url, method === 'PATCH' ? { enabled: false } : undefined);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.error.code).toBe('resource_missing');
    }
    const testList = (await call(test, 'GET', '/v1/webhook_endpoints')).body.data as { id: string }[];
    expect(testList.map((e) => e.id)).toEqual([testEndpoint.body.id]);
    expect(((await call(live, 'GET', '/v1/webhook_endpoints')).body.data as { id: string }[]).map((e) => e.id)).not.toContain(testEndpoint.body.id);
    expect((await call(live, 'GET', `/v1/webhook_endpoints/${testEndpoint.body.id}`)).status).toBe(404);
  });

  it('reads the delivery log by status, resends a delivery, refuses a resend while disabled, and deletes', async () => {
    const key = await f.mint({ scopes: ['write:webhooks'] });
    const id = (await call(key, 'POST', '/v1/webhook_endpoints', { url: 'https://receiver.example/log', event_types: ['*'] })).body.id as string;
    const failed = await deliveryTo(f.db, f.acme.id, id, { status: 'failed', createdAt: '2031-03-04T10:00:00.000Z' });
    const delivered = await deliveryTo(f.db, f.acme.id, id, { status: 'delivered', createdAt: '2031-03-04T11:00:00.000Z' });
    const log = await call(key, 'GET', `/v1/webhook_endpoints/${id}/deliveries?limit=1`);
    expect(log.body.data.map((d: { id: string }) => d.id)).toEqual([delivered]);
    expect(typeof log.body.next_cursor).toBe('string');
    const next = await call(key, 'GET', `/v1/webhook_endpoints/${id}/deliveries?limit=1&cursor=${encodeURIComponent(log.body.next_cursor)}`);
    expect(next.body).toMatchObject({ data: [{ id: failed, status: 'failed', event_type: 'contact.created', last_status_code: 500 }], next_cursor: null });
    expect((await call(key, 'GET', `/v1/webhook_endpoints/${id}/deliveries?status=failed`)).body.data.map((d: { id: string }) => d.id)).toEqual([failed]);
    expect((await call(key, 'GET', `/v1/webhook_endpoints/${id}/deliveries?status=lost`)).status).toBe(400);

    const resent = await call(key, 'POST', `/v1/webhook_deliveries/${failed}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: failed, status: 'pending' });
    expect(Date.parse(resent.body.next_attempt_at)).not.toBeNaN();

    expect((await call(key, 'PATCH', `/v1/webhook_endpoints/${id}`, { enabled: false })).body.enabled).toBe(false);
    const refused = await call(key, 'POST', `/v1/webhook_deliveries/${delivered}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('webhook_endpoint_disabled');

    expect(await call(key, 'DELETE', `/v1/webhook_endpoints/${id}`)).toEqual({ status: 200, body: { id, deleted: true } });
    expect((await call(key, 'GET', `/v1/webhook_endpoints/${id}`)).status).toBe(404);
    expect((await call(key, 'POST', `/v1/webhook_deliveries/${failed}/resend`)).status).toBe(404);
  });
});
