import { randomUUID } from 'node:crypto';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSpec } from '../../src/http/route.js';
import { apiRoutes } from '../../src/modules/routes.js';
import { webApiPrefix } from '../../src/web/mount-web.js';
import { webRoutes } from '../../src/web/routes.js';
import { databaseDigest } from '../helpers/database-digest.js';
import { password, webStudio, type Browser, type WebRequest } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

const mounted = [...webRoutes.filter((route) => !route.signedOut).map((route) => ({ route, prefix: webApiPrefix })), ...apiRoutes.map((route) => ({ route, prefix: `${webApiPrefix}/v1` }))];
const writes = mounted.filter(({ route }) => route.method !== 'GET');
const reads = mounted.filter(({ route }) => route.method === 'GET');

describe.each(dialects)('web app CSRF defence (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  let owner: Browser;
  beforeAll(async () => {
    s = await webStudio(suite.db);
    owner = await s.signIn('olive@alder.example');
  });
  afterAll(() => s.app.close());

  /** A write the owner may make, so only the CSRF defence can refuse it. */
  const createAccount = (): Omit<WebRequest, 'as'> => ({
    method: 'POST',
    url: '/app/api/accounts',
    body: { email: `${randomUUID()}@alder.example`, display_name: 'Forged', role: 'front_desk', location_ids: [s.studio.north] },
  });
  const forgeries: Record<string, Partial<WebRequest>> = {
    'no token': { csrf: null },
    'a wrong token': { csrf: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    "another session's token": {},
    'no Origin': { origin: null },
    'a foreign Origin': { origin: 'https://evil.example' },
    'the same host on another scheme': { origin: 'https://studio.test' },
    'Origin null': { origin: 'null' },
  };

  it('refuses every forged write on every /app/api write route with 403 csrf_failed, changing nothing', async () => {
    const another = await s.signIn('mark@alder.example');
    forgeries["another session's token"] = { csrf: another.csrf };
    const before = await databaseDigest(suite.db);
    const wrong: string[] = [];
    const targets = [{ route: { method: 'POST', path: '/accounts' } as RouteSpec, prefix: webApiPrefix, request: createAccount() }, ...writes.map((w) => ({ ...w, request: undefined }))];
    for (const { route, prefix, request } of targets) {
      for (const [name, forgery] of Object.entries(forgeries)) {
        const base = request ?? { method: route.method, url: prefix + route.path.replace(/:[A-Za-z_]+/g, () => randomUUID()), body: {} };
        const response = await s.send({ ...base, as: owner, ...forgery });
        const code = response.statusCode === 403 ? response.json<{ error: { code: string } }>().error.code : '';
        if (code !== 'csrf_failed') wrong.push(`${route.method} ${prefix}${route.path} with ${name}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await databaseDigest(suite.db)).toEqual(before);
    // The same write with the token and the Origin goes through.
    expect((await s.send({ ...createAccount(), as: owner })).statusCode).toBe(201);
  });

  it('never asks a read for the token or an Origin', async () => {
    const wrong: string[] = [];
    for (const { route, prefix } of reads) {
      const response = await s.send({ method: 'GET', url: prefix + route.path.replace(/:[A-Za-z_]+/g, () => randomUUID()), as: owner, csrf: null, origin: null });
      if (response.statusCode === 403 && response.json<{ error: { code: string } }>().error.code === 'csrf_failed') wrong.push(`GET ${prefix}${route.path}`);
      if (response.statusCode === 401) wrong.push(`GET ${prefix}${route.path}: 401`);
    }
    expect(wrong).toEqual([]);
    expect((await s.send({ method: 'GET', url: '/app/api/accounts', as: owner, csrf: null, origin: null })).statusCode).toBe(200);
  });
});
