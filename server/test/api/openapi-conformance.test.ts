import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../src/config.js';
import { apiRoutes } from '../../src/modules/routes.js';
import { openApiDocument } from '../../src/openapi/document.js';
import type { JsonSchema } from '../../src/openapi/json-schema.js';

type Operation = { requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> } };
const doc = openApiDocument(apiRoutes, defaultLimits) as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };

/** Every integer schema in `schema`, with where it is. */
function integers(schema: unknown, where: string, found: [string, JsonSchema][] = []): [string, JsonSchema][] {
  if (schema === null || typeof schema !== 'object') return found;
  const node = schema as JsonSchema;
  if (node.type === 'integer') found.push([where, node]);
  for (const [key, inner] of Object.entries(node)) integers(inner, `${where}/${key}`, found);
  return found;
}

describe('what the OpenAPI document states beside the types', () => {
  it('lets a body be left out exactly where {} is valid: cancelling a booking, updating a contact', () => {
    expect(doc.paths['/bookings/{id}/cancel']!.post!.requestBody!.required).toBe(false);
    expect(doc.paths['/contacts/{id}']!.patch!.requestBody!.required).toBe(false);
    expect(doc.paths['/bookings']!.post!.requestBody!.required).toBe(true);
    expect(doc.paths['/members/check-in']!.post!.requestBody!.required).toBe(true);
  });

  it('states check-in\'s "exactly one of identifier, membership_id, contact_id" as oneOf', () => {
    const schema = doc.paths['/members/check-in']!.post!.requestBody!.content['application/json']!.schema;
    expect((schema.oneOf as JsonSchema[]).map((option) => option.required)).toEqual([['identifier'], ['membership_id'], ['contact_id']]);
  });

  it('has no integer that may be negative: counts, cents and limits start at 0 (a signed field would need a reason here)', () => {
    const signed = [...integers(doc.components.schemas, '#/components/schemas'), ...integers(doc.paths, '#/paths')].filter(([, schema]) => !((schema.minimum as number) >= 0));
    expect(signed.map(([where]) => where)).toEqual([]);
  });
});

describe.each(dialects)('the server where the document asked it to change (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(() => f.close());

  it('answers a text/plain body with 415 unsupported_media_type naming Content-Type, not a 400 without param', async () => {
    const answer = await f.request('POST', '/v1/contacts', { payload: 'first_name=Ann', headers: { 'content-type': 'text/plain' } });
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatchObject({ code: 'unsupported_media_type', param: 'Content-Type' });
    const json = await f.request('POST', '/v1/contacts', { body: { first_name: 'Ann', location_id: f.acme.us.id } });
    expect(json.status).toBe(201);
  });

  it('names the Bearer scheme in WWW-Authenticate on a 401, with invalid_token only when a key was sent (RFC 6750)', async () => {
    const none = await f.request('GET', '/v1/ping', { key: null });
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="studio"');
    const wrong = await f.request('GET', '/v1/ping', { key: 'acme_sk_live_nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="studio", error="invalid_token"');
    const ok = await f.request('GET', '/v1/ping');
    expect(ok.headers['www-authenticate']).toBeUndefined();
  });
});
