import { randomUUID } from 'node:crypto';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSpec } from '../../src/http/route.js';
import { apiRoutes } from '../../src/modules/routes.js';
import { webApiPrefix } from '../../src/web/mount-web.js';
import { webRoutes } from '../../src/web/routes.js';
import { documentedOperations } from '../reliability/operations.js';
import { webStudio } from '../web/web-studio.js';

/** JSON bodies that are not objects (D6): each is 400 `invalid_param` naming `body`. */
const notObjects: unknown[] = [[1, 2], [], null, 123, 'text', true, false];

/** A route's path with every parameter filled by an id nobody has: the body is read before any row is looked up. */
const anyPath = (route: RouteSpec) => route.path.replace(/:[A-Za-z_]+/g, () => randomUUID());

/** Every route but a GET: fastify reads no body on a GET, so a GET's body is never looked at. */
const writes = (routes: readonly RouteSpec[]) => routes.filter((route) => route.method !== 'GET');

interface Answer {
  status: number;
  body: { error?: { code?: string; param?: string } };
}

/** What each route answered that was not 400 `invalid_param` naming `body`, as lines to read. */
async function wrongAnswers(routes: readonly RouteSpec[], send: (route: RouteSpec, body: unknown) => Promise<Answer>): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routes) {
    for (const body of notObjects) {
      const answer = await send(route, body);
      const got = `${answer.status} ${answer.body.error?.code ?? ''} ${answer.body.error?.param ?? ''}`;
      if (got !== '400 invalid_param body') wrong.push(`${route.method} ${route.path} with ${JSON.stringify(body)}: ${got}`);
    }
  }
  return wrong;
}

describe.each(dialects)('a JSON body that is not an object is 400 invalid_param naming body, on every operation (%s)', (dialect) => {
  describe('under /v1 with an API key', () => {
    let f: Fixture;
    beforeAll(async () => {
      f = await startFixture(dialect);
    });
    afterAll(() => f.close());

    it('on every documented operation that is not a GET, with a body or without one', async () => {
      const operations = documentedOperations();
      expect(operations.filter((op) => op.body !== null && op.route.method === 'GET')).toEqual([]);
      const routes = writes(operations.map((op) => op.route));
      expect(routes.filter((route) => route.body === undefined).length).toBeGreaterThan(0);
      const wrong = await wrongAnswers(routes, async (route, body) => await f.request(route.method, `/v1${anyPath(route)}`, { body }));
      expect(wrong).toEqual([]);
    });

    it('still takes an empty body as {} and reads no body on a GET', async () => {
      const empty = await f.request('POST', '/v1/contacts', { payload: '', headers: { 'content-type': 'application/json' } });
      expect(empty.body.error).toMatchObject({ code: 'missing_field', param: 'first_name' });
      expect((await f.request('GET', '/v1/ping', { body: [1, 2] })).status).toBe(200);
    });
  });

  describe('under /app/api with a staff session', () => {
    const suite = useFreshDatabase(dialect);
    let s: Awaited<ReturnType<typeof webStudio>>;
    beforeAll(async () => {
      s = await webStudio(suite.db);
    }, 60_000);
    afterAll(() => s.app.close());

    const sendAs = (prefix: string, as: Awaited<ReturnType<typeof s.signIn>> | undefined) => async (route: RouteSpec, body: unknown) => {
      const response = await s.send({ method: route.method as 'POST', url: prefix + anyPath(route), as, body });
      return { status: response.statusCode, body: response.json() };
    };

    it('on every web route that is not a GET, the signed-out ones (sign-in, setup) included, as the owner', async () => {
      const owner = await s.signIn('olive@alder.example');
      expect(await wrongAnswers(writes(webRoutes.filter((route) => !route.signedOut)), sendAs(webApiPrefix, owner))).toEqual([]);
      expect(await wrongAnswers(writes(webRoutes.filter((route) => route.signedOut)), sendAs(webApiPrefix, undefined))).toEqual([]);
    });

    it('on every API route mounted again at /app/api/v1', async () => {
      const owner = await s.signIn('olive@alder.example');
      expect(await wrongAnswers(writes(apiRoutes), sendAs(`${webApiPrefix}/v1`, owner))).toEqual([]);
    });
  });
});
