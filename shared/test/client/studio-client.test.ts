import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Contact, Service } from '../../src/schemas/index.js';
import { createStudioClient, path, type KeyedResponse } from '../../src/client/index.js';
import { apiKey, contact, keyIdentity, locationId, service, useScriptedServers } from './fixtures.js';
import { json, type Answer } from './scripted-server.js';

const { serve, client } = useScriptedServers();

/** Answers GET /services in pages of two, five services in all, following the cursor. */
const servicePages: Answer = (res, req) => {
  const url = new URL(req.url, 'http://x');
  const from = Number(url.searchParams.get('cursor') ?? 0);
  const next = from + 2 < 5 ? String(from + 2) : null;
  json(200, {
    data: [0, 1]
      .map((i) => from + i)
      .filter((n) => n < 5)
      .map(service),
    next_cursor: next,
  })(res, req);
};

describe('studio client', () => {
  it('sends the key, Accept and the JSON body, and keeps the base path', async () => {
    const server = await serve(json(201, contact));
    await client(server).contacts.create({ first_name: 'Ann', phone: '555 0100' });
    const [seen] = server.seen;
    expect(seen).toMatchObject({ method: 'POST', url: '/v1/contacts', body: '{"first_name":"Ann","phone":"555 0100"}' });
    expect(seen?.headers).toMatchObject({
      authorization: `Bearer ${apiKey}`,
      accept: 'application/json',
      'content-type': 'application/json',
    });
  });

  it('parses the answer into typed data', async () => {
    const server = await serve(json(200, keyIdentity));
    const identity = await client(server).ping();
    expectTypeOf(identity.location_ids).toEqualTypeOf<string[]>();
    expect(identity).toEqual(keyIdentity);
    expect(server.seen[0]?.headers['content-type']).toBeUndefined();
  });

  it('omits undefined query values and encodes ids in paths', async () => {
    const server = await serve(json(200, { data: [contact], next_cursor: null }), json(200, contact));
    const api = client(server);
    await api.contacts.list({ location_id: locationId, search: undefined, limit: 10 });
    await api.contacts.get('a/../b?c');
    expect(server.seen.map((r) => r.url)).toEqual([`/v1/contacts?location_id=${locationId}&limit=10`, '/v1/contacts/a%2F..%2Fb%3Fc']);
    expect(() => path`/contacts/${''}`).toThrow(TypeError);
  });

  it('exposes the status, request id and replay flag of a create', async () => {
    const server = await serve(json(200, contact, { 'request-id': 'req_9', 'idempotent-replayed': 'true' }));
    const result = await client(server).contacts.create({ first_name: 'Ann' });
    expectTypeOf(result).toEqualTypeOf<KeyedResponse<Contact>>();
    expect(result).toMatchObject({ status: 200, requestId: 'req_9', replayed: true, data: contact });
  });

  it('sells a membership with a key and reads what the contact holds', async () => {
    const held = {
      id: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      contact_id: contact.id,
      location_id: locationId,
      kind: 'membership',
      plan_id: '8d2f3e4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
      package_template_id: null,
      plan_name: 'Unlimited',
      status: 'active',
      member_code: 'M-1001',
      start_date: '2026-03-01',
      end_date: null,
      current_period_start: '2026-03-01',
      current_period_end: '2026-03-31',
      renews_at: '2026-04-01',
      visit_limit: null,
      visits_used: 0,
      visits_remaining: null,
      class_limit_per_week: null,
      credits_total: null,
      credits_remaining: null,
      created_at: '2026-03-01T08:00:00.000Z',
    };
    const server = await serve(json(201, held), json(200, { data: [held] }));
    const api = client(server);
    const sold = await api.contacts.sellMembership(contact.id, { plan_id: held.plan_id! });
    const holdings = await api.contacts.memberships(contact.id);
    expect(sold.data.member_code).toBe('M-1001');
    expect(holdings.data).toHaveLength(1);
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual([`POST /v1/contacts/${contact.id}/memberships`, `GET /v1/contacts/${contact.id}/memberships`]);
    expect(server.seen[0]?.headers['idempotency-key']).toBe(sold.idempotencyKey);
  });

  it('sends an update once as PATCH', async () => {
    const server = await serve(json(200, { ...contact, last_name: null }));
    const updated = await client(server).contacts.update(contact.id, { last_name: null });
    expect(updated.last_name).toBeNull();
    expect(server.seen[0]).toMatchObject({ method: 'PATCH', body: '{"last_name":null}' });
    expect(server.seen[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('walks every page of a list, passing each next_cursor on', async () => {
    const server = await serve(servicePages);
    const names: string[] = [];
    for await (const item of client(server).services.all({ location_id: locationId, limit: 2 })) {
      expectTypeOf(item).toEqualTypeOf<Service>();
      names.push(item.name);
    }
    expect(names).toEqual(['Service 0', 'Service 1', 'Service 2', 'Service 3', 'Service 4']);
    expect(server.seen.map((r) => new URL(r.url, 'http://x').searchParams.get('cursor'))).toEqual([null, '2', '4']);
    expect(server.seen.every((r) => r.url.includes(`location_id=${locationId}`) && r.url.includes('limit=2'))).toBe(true);
  });

  it('fetches only the pages the caller reads', async () => {
    const server = await serve(servicePages);
    for await (const item of client(server).services.all()) {
      expect(item.name).toBe('Service 0');
      break;
    }
    expect(server.seen).toHaveLength(1);
  });

  it('reaches each endpoint at its path', async () => {
    const empty = { data: [], next_cursor: null };
    const server = await serve(json(200, empty));
    const api = client(server);
    await api.locations.list();
    await api.services.list({ location_id: locationId });
    await api.giftCards.list({ limit: 5 });
    await api.membershipPlans.list();
    await api.packageTemplates.list({ location_id: locationId });
    for await (const card of api.giftCards.all()) throw new Error(`unexpected ${card.id}`);
    for await (const found of api.contacts.all({ search: 'ann' })) throw new Error(`unexpected ${found.id}`);
    expect(server.seen.map((r) => r.url)).toEqual([
      '/v1/locations',
      `/v1/services?location_id=${locationId}`,
      '/v1/gift-cards?limit=5',
      '/v1/memberships',
      `/v1/packages?location_id=${locationId}`,
      '/v1/gift-cards',
      '/v1/contacts?search=ann',
    ]);
  });

  it('types queries and bodies from the shared schemas', () => {
    const api = createStudioClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey });
    // @ts-expect-error limit is a number
    void (() => api.contacts.list({ limit: '10' }));
    // @ts-expect-error first_name is required
    void (() => api.contacts.create({ last_name: 'Lee' }));
    // @ts-expect-error unknown field
    void (() => api.contacts.update(contact.id, { nickname: 'A' }));
  });
});
