import { randomUUID } from 'node:crypto';
import { scopes, type Scope } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/modules/routes.js';
import { revokeKey } from '../../src/modules/keys/repository.js';
import { dialects } from '../helpers/databases.js';
import { startFixture, type Fixture } from '../helpers/fixture.js';

const urlOf = (path: string) => '/v1' + path.replace(/:(\w+)/g, () => randomUUID());

describe.each(dialects)('keys, scopes and locations (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(() => f.close());

  it('refuses missing, malformed, unknown and test keys with 401 invalid_api_key', async () => {
    const cases: (Record<string, string> | null)[] = [
      null,
      { authorization: f.keys.all },
      { authorization: `Basic ${f.keys.all}` },
      { authorization: 'Bearer nope' },
      { authorization: `Bearer ${f.keys.all.slice(0, -1)}${f.keys.all.endsWith('x') ? 'y' : 'x'}` },
      { authorization: `Bearer ${f.keys.all.replace('_sk_live_', '_sk_test_')}` },
      { authorization: `Bearer ${f.keys.all} extra` },
    ];
    for (const headers of cases) {
      const answer = await f.request('GET', '/v1/ping', headers === null ? { key: null } : { key: null, headers });
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.body.error).toMatchObject({ type: 'authentication', code: 'invalid_api_key' });
    }
  });

  it('answers 403 insufficient_scope on every route for a key lacking its scope', async () => {
    const guarded = apiRoutes.filter((route) => route.scopes.length > 0);
    expect(guarded.length).toBe(apiRoutes.length - 1); // all but GET /ping
    for (const route of guarded) {
      const others = scopes.filter((scope) => !route.scopes.includes(scope)) as Scope[];
      const key = await f.mint({ scopes: others });
      const answer = await f.request(route.method, urlOf(route.path), { key, body: route.method === 'GET' ? undefined : {} });
      expect(answer.status, `${route.method} ${route.path}`).toBe(403);
      expect(answer.body.error).toMatchObject({ type: 'permission', code: 'insufficient_scope' });
      const granted = await f.mint({ scopes: [route.scopes[0]!] });
      const allowed = await f.request(route.method, urlOf(route.path), { key: granted, body: route.method === 'GET' ? undefined : {} });
      expect(allowed.status, `${route.method} ${route.path} with its scope`).not.toBe(403);
    }
  });

  it('shows a location-limited key only its locations and refuses the others with 403', async () => {
    const key = f.keys.usOnly;
    const ping = await f.request('GET', '/v1/ping', { key });
    expect(ping.body.location_ids).toEqual([f.acme.us.id]);
    expect((await f.request('GET', '/v1/locations', { key })).body.data.map((l: { id: string }) => l.id)).toEqual([f.acme.us.id]);
    for (const path of ['/v1/services', '/v1/gift-cards', '/v1/memberships', '/v1/packages', '/v1/contacts']) {
      const list = await f.request('GET', path, { key });
      expect(list.status, path).toBe(200);
      expect(list.body.data.every((row: { location_id: string }) => row.location_id === f.acme.us.id), path).toBe(true);
      const refused = await f.request('GET', `${path}?location_id=${f.acme.gb.id}`, { key });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'location_not_allowed', param: 'location_id' });
    }
    const services = await f.request('GET', '/v1/services');
    expect(new Set(services.body.data.map((s: { location_id: string }) => s.location_id))).toEqual(new Set([f.acme.us.id, f.acme.gb.id]));
    const gbService = services.body.data.find((s: { location_id: string }) => s.location_id === f.acme.gb.id);
    expect((await f.request('GET', `/v1/services/${gbService.id}`, { key })).body.error.code).toBe('location_not_allowed');
    const create = await f.request('POST', '/v1/contacts', { key, body: { first_name: 'Gus', location_id: f.acme.gb.id } });
    expect(create.status).toBe(403);
    expect(create.body.error.code).toBe('location_not_allowed');
    const gbContact = await f.request('POST', '/v1/contacts', { body: { first_name: 'Gail', location_id: f.acme.gb.id } });
    expect((await f.request('GET', `/v1/contacts/${gbContact.body.id}`, { key })).status).toBe(403);
    expect((await f.request('PATCH', `/v1/contacts/${gbContact.body.id}`, { key, body: { first_name: 'G' } })).status).toBe(403);
    const listed = await f.request('GET', '/v1/contacts?limit=100', { key });
    expect(listed.body.data.some((c: { id: string }) => c.id === gbContact.body.id)).toBe(false);
    // A key with one location needs no location_id to create a contact.
    const implicit = await f.request('POST', '/v1/contacts', { key, body: { first_name: 'Una' } });
    expect(implicit.status).toBe(201);
    expect(implicit.body.location_id).toBe(f.acme.us.id);
  });

  it('answers ids of another company with 404, never 403, and never shows them', async () => {
    const theirs = await f.request('POST', '/v1/contacts', { key: f.keys.other, body: { first_name: 'Olga', location_id: f.other.location.id } });
    expect(theirs.status).toBe(201);
    const theirService = (await f.request('GET', '/v1/services', { key: f.keys.other })).body.data[0];
    const probes = [
      await f.request('GET', `/v1/contacts/${theirs.body.id}`),
      await f.request('PATCH', `/v1/contacts/${theirs.body.id}`, { body: { first_name: 'X' } }),
      await f.request('GET', `/v1/contacts/${theirs.body.id}/memberships`),
      await f.request('GET', `/v1/services/${theirService.id}`),
      await f.request('GET', `/v1/contacts?location_id=${f.other.location.id}`),
      await f.request('POST', '/v1/contacts', { body: { first_name: 'Y', location_id: f.other.location.id } }),
    ];
    for (const answer of probes) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('resource_missing');
      expect(answer.body.error.param).toBeDefined();
    }
    const all = await f.request('GET', '/v1/contacts?limit=100');
    expect(all.body.data.some((c: { id: string }) => c.id === theirs.body.id)).toBe(false);
  });

  it('refuses a revoked key at its very next request', async () => {
    const key = await f.mint();
    expect((await f.request('GET', '/v1/ping', { key })).status).toBe(200);
    const keyId = (await f.db.first(f.db.qb.selectFrom('api_keys').select('id').orderBy('created_at', 'desc').limit(1)))!.id;
    await revokeKey(f.db, keyId);
    const answer = await f.request('GET', '/v1/ping', { key });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('invalid_api_key');
  });
});
