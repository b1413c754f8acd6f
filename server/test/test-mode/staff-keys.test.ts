import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/domain/actor.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { clockAt, deskApp, deskStudio, password } from '../web/desk/desk-studio.js';

const at = clockAt(Date.parse('2031-03-04T14:00:00.000Z'));

/** The Developers page's key routes with an environment: live by default, test on request; revoke reaches either. */
describe.each(dialects)('test-mode keys from the web app (%s)', (dialect) => {
  let f: Fixture;
  let app: FastifyInstance;
  let actor: Actor;
  beforeAll(async () => {
    f = await startFixture(dialect);
    app = await deskApp(f, at, () => actor);
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  const send = (method: 'GET' | 'POST', url: string, body?: unknown) => app.inject({ method, url, ...(body !== undefined && { payload: body as object }) });

  it('creates a test key on request, lists it under environment=test only, and revokes it', async () => {
    const s = await deskStudio(f);
    actor = s.owner;
    const made = await send('POST', '/app/api/keys', { password, name: 'Sandbox', scopes: ['read:catalog'], location_ids: null, environment: 'test' });
    expect(made.statusCode, made.body).toBe(201);
    const { key, secret } = made.json() as { key: { id: string; environment: string }; secret: string };
    expect(key.environment).toBe('test');
    expect(secret).toMatch(/_sk_test_/);
    const ping = await f.request('GET', '/v1/ping', { key: secret });
    expect(ping).toMatchObject({ status: 200, body: { environment: 'test' } });

    const listed = async (query: string) => ((await send('GET', `/app/api/keys${query}`)).json() as { data: { id: string; environment: string }[] }).data;
    expect((await listed('?environment=test')).map((k) => [k.id, k.environment])).toContainEqual([key.id, 'test']);
    expect((await listed('')).map((k) => k.id)).not.toContain(key.id);
    expect((await listed('')).every((k) => k.environment === 'live')).toBe(true);
    expect((await send('GET', '/app/api/keys?environment=staging')).statusCode).toBe(400);

    const revoked = await send('POST', `/app/api/keys/${key.id}/revoke`, { password });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: key.id, environment: 'test', revoked_at: expect.any(String) });
    expect((await f.request('GET', '/v1/ping', { key: secret })).status).toBe(401);
    const log = (await auditLog(f.db, f.acme.id)).filter((entry) => entry.details?.includes(key.id));
    expect(log.map((entry) => entry.action).sort()).toEqual(['api_key_created', 'api_key_revoked']);
  });

  it("never reaches another company's test key", async () => {
    const s = await deskStudio(f);
    actor = s.owner;
    const others = await createKey(f.db, { companyId: f.other.id, environment: 'test', scopes: 'all', locationIds: 'all' });
    const refused = await send('POST', `/app/api/keys/${others.id}/revoke`, { password });
    expect(refused.statusCode).toBe(404);
    expect(((await send('GET', '/app/api/keys?environment=test')).json() as { data: { id: string }[] }).data.map((k) => k.id)).not.toContain(others.id);
  });
});
