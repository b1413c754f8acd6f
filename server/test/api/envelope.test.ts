import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../helpers/envelope.js';

describe.each(dialects)('error envelope and bad input (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(() => f.close());

  const countContacts = async () => (await f.db.all(f.db.qb.selectFrom('contacts').select('id'))).length;

  it('puts a Request-Id on every response, success or error', async () => {
    const ok = await f.request('GET', '/v1/ping');
    expect(ok.status).toBe(200);
    expect(ok.headers['request-id']).toMatch(/^req_[0-9a-f]{24}$/);
    expect(ok.body.request_id).toBe(ok.headers['request-id']);
    const missing = await f.request('GET', '/v1/nowhere');
    expectEnvelope(missing, 404, 'route_not_found');
    expect(missing.body.error.type).toBe('not_found');
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const answer = await f.request('POST', '/v1/contacts', { payload: '{"first_name": "Ann",', headers: { 'content-type': 'application/json' } });
    expectEnvelope(answer, 400, 'invalid_json');
    expect(answer.body.error.type).toBe('invalid_request');
  });

  it('answers wrong types with 400 invalid_param naming the field', async () => {
    const body = { first_name: 42, location_id: f.acme.us.id };
    expectEnvelope(await f.request('POST', '/v1/contacts', { body }), 400, 'invalid_param', 'first_name');
    expectEnvelope(await f.request('POST', '/v1/contacts', { body: { first_name: 'Ann', location_id: 'nope' } }), 400, 'invalid_param', 'location_id');
    expectEnvelope(await f.request('POST', '/v1/contacts', { body: { first_name: 'Ann', location_id: f.acme.us.id, email: 'not-an-email' } }), 400, 'invalid_param', 'email');
    expectEnvelope(await f.request('POST', '/v1/contacts', { body: [1, 2] }), 400, 'invalid_param', 'body');
    expectEnvelope(await f.request('GET', '/v1/contacts?limit=abc'), 400, 'invalid_param', 'limit');
    expectEnvelope(await f.request('GET', '/v1/contacts?limit=101'), 400, 'invalid_param', 'limit');
    expectEnvelope(await f.request('GET', '/v1/contacts?limit=0'), 400, 'invalid_param', 'limit');
    expectEnvelope(await f.request('GET', '/v1/services/not-a-uuid'), 400, 'invalid_param', 'id');
  });

  it('answers unknown fields with 400 parameter_unknown and a missing one with 400 missing_field', async () => {
    const unknown = await f.request('POST', '/v1/contacts', { body: { first_name: 'Ann', location_id: f.acme.us.id, favourite_colour: 'red' } });
    expectEnvelope(unknown, 400, 'parameter_unknown', 'favourite_colour');
    expectEnvelope(await f.request('GET', '/v1/contacts?colour=red'), 400, 'parameter_unknown', 'colour');
    expectEnvelope(await f.request('POST', '/v1/contacts', { body: { location_id: f.acme.us.id } }), 400, 'missing_field', 'first_name');
    expectEnvelope(await f.request('POST', '/v1/contacts', { body: { first_name: 'Ann' } }), 400, 'missing_field', 'location_id');
  });

  it('answers a 2 MiB body with 413 request_too_large', async () => {
    const body = { first_name: 'Ann', location_id: f.acme.us.id, notes: 'x'.repeat(2 * 1024 * 1024) };
    expectEnvelope(await f.request('POST', '/v1/contacts', { body }), 413, 'request_too_large');
  });

  it('answers a 300-character Idempotency-Key with 400 invalid_param and creates nothing', async () => {
    const before = await countContacts();
    const answer = await f.request('POST', '/v1/contacts', {
      body: { first_name: 'Ann', location_id: f.acme.us.id },
      headers: { 'idempotency-key': 'k'.repeat(300) },
    });
    expectEnvelope(answer, 400, 'invalid_param', 'Idempotency-Key');
    expect(await countContacts()).toBe(before);
  });

  it('answers a non-JSON body with 415 and an empty body as {}', async () => {
    const text = await f.request('POST', '/v1/contacts', { payload: 'first_name=Ann', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectEnvelope(text, 415, 'unsupported_media_type');
    const empty = await f.request('POST', '/v1/contacts', { payload: '', headers: { 'content-type': 'application/json' } });
    expectEnvelope(empty, 400, 'missing_field', 'first_name');
  });

  it('refuses text with NUL or a lone surrogate with 400 invalid_param naming the field, and stores nothing (a 500 on Postgres, found by the fuzzer)', async () => {
    const before = await countContacts();
    const create = await f.request('POST', '/v1/contacts', { body: { first_name: 'Ann', location_id: f.acme.us.id, notes: 'a\u0000b' } });
    expectEnvelope(create, 400, 'invalid_param', 'notes');
    expectEnvelope(await f.request('POST', '/v1/contacts', { body: { first_name: 'A\ud800', location_id: f.acme.us.id } }), 400, 'invalid_param', 'first_name');
    expect(await countContacts()).toBe(before);
    const ann = await f.request('POST', '/v1/contacts', { body: { first_name: 'Ann', location_id: f.acme.us.id } });
    expectEnvelope(await f.request('PATCH', `/v1/contacts/${ann.body.id}`, { body: { last_name: 'x\udc00y' } }), 400, 'invalid_param', 'last_name');
    expectEnvelope(await f.request('GET', '/v1/contacts?search=a%00b'), 400, 'invalid_param', 'search');
    // A well-formed pair (an emoji) is text like any other.
    expect((await f.request('PATCH', `/v1/contacts/${ann.body.id}`, { body: { last_name: 'Smile 😀' } })).body.last_name).toBe('Smile 😀');
  });

  it('never answers bad input with a 5xx', async () => {
    const bad: [string, string, string | undefined][] = [
      ['POST', '/v1/contacts', 'null'],
      ['POST', '/v1/contacts', '"text"'],
      ['POST', '/v1/contacts', '{"__proto__": {"x": 1}, "first_name": "A"}'],
      ['POST', '/v1/contacts', '{"first_name": "\u0000\ud800"}'],
      ['PATCH', `/v1/contacts/${crypto.randomUUID()}`, '{"phone": 12}'],
      ['GET', '/v1/contacts?cursor=%00%01', undefined],
      ['GET', '/v1/contacts?limit=1&limit=2', undefined],
      ['GET', '/v1/contacts?search=' + '%F0%9F%98%80'.repeat(250), undefined],
    ];
    for (const [method, url, payload] of bad) {
      const answer = await f.request(method, url, payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } });
      expect(answer.status, `${method} ${url} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${url} ${payload}`).toBeLessThan(500);
      expect(answer.body.error.request_id).toBe(answer.headers['request-id']);
    }
  });
});
