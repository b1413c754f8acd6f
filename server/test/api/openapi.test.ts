import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../src/config.js';
import { apiRoutes } from '../../src/modules/routes.js';
import { openApiDocument } from '../../src/openapi/document.js';
import { renderMarkdown, type OpenApiDoc } from '../../src/openapi/markdown.js';

const repoFile = (path: string) => new URL(`../../../${path}`, import.meta.url);

describe('OpenAPI document', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture('sqlite');
  });
  afterAll(() => f.close());

  it('is served at /v1/openapi.json without a key and is a valid OpenAPI 3.1 document', async () => {
    const answer = await f.request('GET', '/v1/openapi.json', { key: null });
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(answer.body));
    expect(result.valid, JSON.stringify(result)).toBe(true);
  });

  it('describes every mounted route with its scopes, and every error code it may answer', () => {
    const doc = openApiDocument(apiRoutes, defaultLimits) as unknown as OpenApiDoc;
    for (const route of apiRoutes) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      // Any one scope grants the route: one security requirement per scope (OpenAPI 3.1), none beside them.
      expect(op!.security).toEqual(route.scopes.length ? route.scopes.map((scope) => ({ bearerAuth: [scope, ...(route.alsoRequires ?? [])] })) : [{ bearerAuth: [] }]);
      expect(op!['x-scopes']).toBeUndefined();
      const responses = op!.responses as Record<string, { description: string }>;
      for (const code of route.errors ?? []) {
        expect(
          Object.values(responses).some((r) => r.description.includes(`\`${code}\``)),
          `${route.path} ${code}`,
        ).toBe(true);
      }
      expect(responses['401']!.description).toContain('invalid_api_key');
      // What the HTTP layer itself may answer any request, and the headers every answer carries.
      for (const status of ['408', '414', '431']) expect(responses[status], `${route.path} ${status}`).toBeDefined();
      for (const [status, response] of Object.entries(responses as unknown as Record<string, { headers: Record<string, unknown> }>)) {
        expect(Object.keys(response.headers), `${route.path} ${status}`).toContain('Request-Id');
        if (route.idempotent) expect(Object.keys(response.headers)).toEqual(expect.arrayContaining(['Idempotent-Replayed', 'Original-Request']));
        if (['429', '503', '507'].includes(status)) expect(Object.keys(response.headers)).toContain('Retry-After');
      }
      expect(Object.keys((responses['401'] as unknown as { headers: object }).headers)).toContain('WWW-Authenticate');
    }
    const text = JSON.stringify(doc);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/(\w+)"/g)) expect(doc.components.schemas[name!], name).toBeDefined();
  });

  it('matches the committed docs/openapi.json and docs/api-reference.md (run `npm run docs:api` after a change)', () => {
    const doc = openApiDocument(apiRoutes, defaultLimits);
    expect(JSON.parse(readFileSync(repoFile('docs/openapi.json'), 'utf8'))).toEqual(doc);
    expect(readFileSync(repoFile('docs/api-reference.md'), 'utf8')).toBe(renderMarkdown(doc as unknown as OpenApiDoc));
  });
});
