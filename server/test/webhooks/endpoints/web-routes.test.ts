import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/domain/actor.js';
import { mountRoutes } from '../../../src/http/mount.js';
import { testCompanyOf } from '../../../src/modules/companies/environments.js';
import { auditLog } from '../../../src/modules/staff-accounts/audit.js';
import { CursorCodec } from '../../../src/pagination/cursor.js';
import { registerErrorHandling } from '../../../src/plugins/errors.js';
import { developerRoutes } from '../../../src/web/developers/routes.js';
import { clockAt, deskStudio, password } from '../../web/desk/desk-studio.js';
import { deliveryTo, endpointOf } from './webhook-data.js';

const noon = clockAt(Date.parse('2031-03-04T12:00:00.000Z'));

/**
 * The Developers page's routes in a bare app under /app/api, each request acting as the staff
 * member given (sessions and CSRF are the authorization matrix's); every success answer is checked
 * against its route's response schema, the contract the web app is built on.
 */
async function developersApp(f: Fixture, actor: () => Actor): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  const routes = developerRoutes(noon);
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

describe.each(dialects)('Developers page webhook routes (%s)', (dialect) => {
  let f: Fixture;
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof deskStudio>>;
  let as: Actor;
  beforeAll(async () => {
    f = await startFixture(dialect);
    s = await deskStudio(f);
    as = s.owner;
    app = await developersApp(f, () => as);
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  const send = async (method: string, url: string, body?: unknown) => {
    const response = await app.inject({ method: method as 'GET', url: `/app/api${url}`, ...(body !== undefined && { payload: body as object }) });
    // Answers are read field by field below; their shape is the route's schema's (checked where it matters).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  const ownerId = () => (s.owner.identity.kind === 'staff_user' ? s.owner.identity.staffUserId : '');

  it('makes, edits, rotates and deletes an endpoint of either environment as the contract says, audited without secrets', async () => {
    as = s.owner;
    const test = await send('POST', '/developers/webhook_endpoints', {
      environment: 'test',
      password,
      url: 'https://receiver.example/test',
      event_types: ['*'],
      description: 'Staging',
      enabled: true,
    });
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({ environment: 'test', url: 'https://receiver.example/test', description: 'Staging', enabled: true });
    const live = await send('POST', '/developers/webhook_endpoints', {
      environment: 'live',
      password,
      url: 'https://receiver.example/live',
      event_types: ['contact.created'],
      description: '',
      enabled: false,
    });
    expect(live.status).toBe(201);
    expect(live.body).toMatchObject({ environment: 'live', enabled: false });
    const testSecret = test.body.secret as string;

    const testList = await send('GET', '/developers/webhook_endpoints?environment=test');
    const liveList = await send('GET', '/developers/webhook_endpoints?environment=live');
    expect(testList.body.data.map((e: { id: string }) => e.id)).toEqual([test.body.id]);
    expect(liveList.body.data.map((e: { id: string }) => e.id)).toContain(live.body.id);
    expect(liveList.body.data.map((e: { id: string }) => e.id)).not.toContain(test.body.id);
    expect(JSON.stringify([testList.body, liveList.body])).not.toContain(testSecret.slice(6, 40));

    // The test endpoint's id is acted on in the test twin; an edit, as every endpoint write, with the password.
    const edited = await send('PATCH', `/developers/webhook_endpoints/${test.body.id}`, { enabled: false, description: 'Paused', password });
    expect(edited).toMatchObject({ status: 200, body: { id: test.body.id, enabled: false, description: 'Paused', environment: 'test' } });
    const rotated = await send('POST', `/developers/webhook_endpoints/${test.body.id}/rotate_secret`, { password });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(testSecret);
    const wrongPassword = await send('POST', `/developers/webhook_endpoints/${test.body.id}/delete`, { password: 'not the password at all' });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.error.code).toBe('invalid_credentials');
    expect(await send('POST', `/developers/webhook_endpoints/${test.body.id}/delete`, { password })).toEqual({ status: 200, body: { id: test.body.id, deleted: true } });
    expect((await send('GET', '/developers/webhook_endpoints?environment=test')).body.data).toEqual([]);

    const log = (await auditLog(f.db, f.acme.id)).filter((entry) => entry.details?.includes(test.body.id as string));
    expect(log.map((entry) => [entry.action, entry.actor_account_id])).toEqual(
      expect.arrayContaining([
        ['webhook_endpoint_created', ownerId()],
        ['webhook_endpoint_updated', ownerId()],
        ['webhook_secret_rotated', ownerId()],
        ['webhook_endpoint_deleted', ownerId()],
      ]),
    );
    expect(JSON.stringify(log)).not.toContain(testSecret.slice(6, 40));
    expect(JSON.stringify(log)).not.toContain(rotated.body.secret.slice(6, 40));
    expect(JSON.stringify(log)).not.toContain('receiver.example');
  });

  it('asks for the password to make an endpoint, and makes none on a wrong one', async () => {
    as = s.owner;
    const before = (await send('GET', '/developers/webhook_endpoints?environment=live')).body.data.length;
    const refused = await send('POST', '/developers/webhook_endpoints', {
      environment: 'live',
      password: 'a wrong but long password',
      url: 'https://receiver.example/x',
      event_types: ['*'],
      description: '',
      enabled: true,
    });
    expect(refused.status).toBe(401);
    expect((await send('GET', '/developers/webhook_endpoints?environment=live')).body.data.length).toBe(before);
    const noPassword = await send('POST', '/developers/webhook_endpoints', { environment: 'live', url: 'https://receiver.example/x', event_types: ['*'], description: '', enabled: true });
    expect(noPassword.status).toBe(400);
  });

  it('refuses an endpoint at a loopback or metadata address when it is made or its URL changed, 422 naming the rule, and makes none', async () => {
    as = s.owner;
    const before = (await send('GET', '/developers/webhook_endpoints?environment=live')).body.data.length;
    const made = await send('POST', '/developers/webhook_endpoints', { environment: 'live', password, url: 'http://127.0.0.1:3000/v1/ping', event_types: ['*'], description: '', enabled: true });
    expect(made).toMatchObject({ status: 422, body: { error: { code: 'webhook_url_refused', param: 'url' } } });
    expect(made.body.error.message).toBe('This URL cannot receive webhooks: refused by the address guard: 127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it).');
    expect((await send('GET', '/developers/webhook_endpoints?environment=live')).body.data.length).toBe(before);
    const endpoint = await endpointOf(f.db, f.acme.id);
    const changed = await send('PATCH', `/developers/webhook_endpoints/${endpoint.id}`, { url: 'http://[fd00:ec2::254]/latest/meta-data/', password });
    expect(changed).toMatchObject({ status: 422, body: { error: { code: 'webhook_url_refused', message: expect.stringContaining('fd00:ec2::254 is a cloud metadata address') } } });
  });

  it("reads a test endpoint's delivery log and a delivery's attempts, and resends, in the twin; refuses another company's ids", async () => {
    as = s.owner;
    const twin = await testCompanyOf(f.db, f.acme.id);
    const endpoint = await endpointOf(f.db, twin);
    const delivery = await deliveryTo(f.db, twin, endpoint.id, { status: 'failed' });
    const page = await send('GET', `/developers/webhook_endpoints/${endpoint.id}/deliveries?status=failed`);
    expect(page).toMatchObject({ status: 200, body: { data: [{ id: delivery, status: 'failed', event_type: 'contact.created' }], next_cursor: null } });
    const attempts = await send('GET', `/developers/webhook_deliveries/${delivery}/attempts`);
    expect(attempts).toMatchObject({ status: 200, body: { data: [{ delivery_id: delivery, status_code: 500, latency_ms: 15 }], next_cursor: null } });
    const resent = await send('POST', `/developers/webhook_deliveries/${delivery}/resend`);
    expect(resent).toMatchObject({ status: 200, body: { id: delivery, status: 'pending', next_attempt_at: '2031-03-04T12:00:00.000Z' } });
    expect((await auditLog(f.db, f.acme.id)).some((entry) => entry.action === 'webhook_delivery_resent' && entry.details?.includes(delivery))).toBe(true);

    const foreign = await endpointOf(f.db, f.other.id);
    const foreignDelivery = await deliveryTo(f.db, f.other.id, foreign.id);
    const foreignTwin = await testCompanyOf(f.db, f.other.id);
    const foreignTest = await endpointOf(f.db, foreignTwin);
    for (const [method, url, body] of [
      ['PATCH', `/developers/webhook_endpoints/${foreign.id}`, { enabled: false, password }],
      ['PATCH', `/developers/webhook_endpoints/${foreignTest.id}`, { enabled: false, password }],
      ['POST', `/developers/webhook_endpoints/${foreign.id}/rotate_secret`, { password }],
      ['POST', `/developers/webhook_endpoints/${foreignTest.id}/send_test`, undefined],
      ['POST', `/developers/webhook_endpoints/${foreignTest.id}/delete`, { password }],
      ['GET', `/developers/webhook_endpoints/${foreign.id}/deliveries`, undefined],
      ['GET', `/developers/webhook_deliveries/${foreignDelivery}/attempts`, undefined],
      ['POST', `/developers/webhook_deliveries/${foreignDelivery}/resend`, undefined],
    ] as const) {
      const answer = await send(method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.error.code).toBe('resource_missing');
    }
    expect((await f.db.first(f.db.qb.selectFrom('webhook_endpoints').select('enabled').where('id', '=', foreign.id)))!.enabled).toBeTruthy();
  });

  it("sends a test event to the owner's test-mode endpoint without a password, audited, and refuses a disabled endpoint", async () => {
    as = s.owner;
    const twin = await testCompanyOf(f.db, f.acme.id);
    const endpoint = await endpointOf(f.db, twin);
    const sent = await send('POST', `/developers/webhook_endpoints/${endpoint.id}/send_test`);
    expect(sent).toMatchObject({ status: 202, body: { endpoint_id: endpoint.id, event_type: 'webhook.test', status: 'pending', next_attempt_at: '2031-03-04T12:00:00.000Z' } });
    const log = await send('GET', `/developers/webhook_endpoints/${endpoint.id}/deliveries`);
    expect(log.body.data[0]).toMatchObject({ id: sent.body.id, event_type: 'webhook.test' });
    expect((await auditLog(f.db, f.acme.id)).some((entry) => entry.action === 'webhook_test_sent' && entry.details?.includes(sent.body.id as string))).toBe(true);

    const disabled = await endpointOf(f.db, f.acme.id, { enabled: false });
    const refused = await send('POST', `/developers/webhook_endpoints/${disabled.id}/send_test`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'webhook_endpoint_disabled' });
  });

  it('refuses a resend while the endpoint is disabled, with what to do', async () => {
    as = s.owner;
    const endpoint = await endpointOf(f.db, f.acme.id, { enabled: false });
    const delivery = await deliveryTo(f.db, f.acme.id, endpoint.id);
    const refused = await send('POST', `/developers/webhook_deliveries/${delivery}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'webhook_endpoint_disabled' });
    expect(refused.body.error.message).toMatch(/enable the endpoint/);
  });

  it('refuses managers and the front desk on every route, before asking for a password', async () => {
    const endpoint = await endpointOf(f.db, f.acme.id);
    const delivery = await deliveryTo(f.db, f.acme.id, endpoint.id);
    for (const staff of [s.manager, s.desk]) {
      as = staff;
      for (const [method, url, body] of [
        ['GET', '/developers/webhook_endpoints?environment=live', undefined],
        ['POST', '/developers/webhook_endpoints', { environment: 'live', password, url: 'https://receiver.example/x', event_types: ['*'], description: '', enabled: true }],
        ['PATCH', `/developers/webhook_endpoints/${endpoint.id}`, { enabled: false, password: 'wrong but long enough' }],
        ['POST', `/developers/webhook_endpoints/${endpoint.id}/rotate_secret`, { password: 'wrong but long enough' }],
        ['POST', `/developers/webhook_endpoints/${endpoint.id}/delete`, { password }],
        ['POST', `/developers/webhook_endpoints/${endpoint.id}/send_test`, undefined],
        ['GET', `/developers/webhook_endpoints/${endpoint.id}/deliveries`, undefined],
        ['GET', `/developers/webhook_deliveries/${delivery}/attempts`, undefined],
        ['POST', `/developers/webhook_deliveries/${delivery}/resend`, undefined],
      ] as const) {
        const answer = await send(method, url, body);
        expect(answer.status, `${method} ${url}`).toBe(403);
        expect(answer.body.error.code).toBe('role_not_allowed');
      }
    }
    as = s.owner;
  });
});
