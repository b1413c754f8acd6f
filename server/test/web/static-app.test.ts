import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { appContentSecurityPolicy, defaultMemberAppDir, defaultWebAppDir } from '../../src/web/static-app.js';

const memberIndexHtml = '<!doctype html><html><head><script type="module" src="/m/assets/index-7b1c2d.js"></script></head><body><div id="root"></div></body></html>';
const indexHtml = '<!doctype html><html><head><script type="module" src="/app/assets/index-3f2a9c.js"></script></head><body><div id="root"></div></body></html>';

describe.each(dialects)('the web app served at /app/ (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let temp: ReturnType<typeof tempDir>;
  let built: FastifyInstance;
  let missing: FastifyInstance;
  beforeAll(async () => {
    temp = tempDir();
    const dist = join(temp.dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'assets', 'index-3f2a9c.js'), 'console.log("app");');
    const members = join(temp.dir, 'member-dist');
    mkdirSync(join(members, 'assets'), { recursive: true });
    writeFileSync(join(members, 'index.html'), memberIndexHtml);
    writeFileSync(join(members, 'assets', 'index-7b1c2d.js'), 'console.log("members");');
    writeFileSync(join(members, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    built = await buildApp({ db: suite.db, webAppDir: dist, memberAppDir: members });
    missing = await buildApp({ db: suite.db, webAppDir: join(temp.dir, 'not-built'), memberAppDir: join(temp.dir, 'members-not-built') });
  });
  afterAll(async () => {
    await built?.close();
    await missing?.close();
    temp?.remove();
  });

  it('redirects /app to /app/', async () => {
    const response = await built.inject({ method: 'GET', url: '/app' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/app/');
  });

  it('serves index.html revalidated on each load, with the CSP and the other security headers', async () => {
    const response = await built.inject({ method: 'GET', url: '/app/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toBe(appContentSecurityPolicy);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets cached for a year', async () => {
    const response = await built.inject({ method: 'GET', url: '/app/assets/index-3f2a9c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html for the client-side routes, but never for a missing asset or an /app/api path', async () => {
    for (const url of ['/app/members/42', '/app/settings/developers?tab=keys', '/app/today']) {
      const response = await built.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['content-security-policy']).toBe(appContentSecurityPolicy);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/app/assets/gone-000000.js', '/app/api/nothing', '/app/api']) {
      const response = await built.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(JSON.parse(response.body).error.code).toBe('route_not_found');
    }
  });

  it('leaves /v1 answers without the app headers', async () => {
    const response = await built.inject({ method: 'GET', url: '/v1/ping' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('says how to build the app when its folder is missing', async () => {
    for (const url of ['/app/', '/app/members/42']) {
      const response = await missing.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('npm run build');
      expect(response.headers['content-security-policy']).toBe(appContentSecurityPolicy);
    }
    expect((await missing.inject({ method: 'GET', url: '/app/api/session' })).statusCode).toBe(401);
  });

  it("serves the members' app at /m/ the same way: its pages, hashed assets, a service worker revalidated, /m/api never a page", async () => {
    expect((await built.inject({ method: 'GET', url: '/m' })).headers.location).toBe('/m/');
    for (const url of ['/m/', '/m/account', '/m/sign-in?location=north']) {
      const response = await built.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(memberIndexHtml);
      expect(response.headers['content-security-policy']).toBe(appContentSecurityPolicy);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const asset = await built.inject({ method: 'GET', url: '/m/assets/index-7b1c2d.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await built.inject({ method: 'GET', url: '/m/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    for (const url of ['/m/assets/gone-000000.js', '/m/api/nothing']) {
      const response = await built.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(JSON.parse(response.body).error.code).toBe('route_not_found');
    }
    const signedOut = await built.inject({ method: 'GET', url: '/m/api/me' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const notBuilt = await missing.inject({ method: 'GET', url: '/m/account' });
    expect(notBuilt.statusCode).toBe(503);
    expect(notBuilt.body).toContain("The members' app is not built");
  });

  it('finds the build in WEB_APP_DIR, else in web-app/dist/ beside the server package', () => {
    expect(defaultWebAppDir({ WEB_APP_DIR: '/srv/studio/web' })).toBe('/srv/studio/web');
    expect(defaultWebAppDir({})).toMatch(/[\\/]web-app[\\/]dist$/);
    expect(defaultWebAppDir({}).replace(/[\\/]web-app[\\/]dist$/, '')).toBe(join(import.meta.dirname, '..', '..', '..'));
    expect(defaultMemberAppDir({ MEMBER_APP_DIR: '/srv/studio/members' })).toBe('/srv/studio/members');
    expect(defaultMemberAppDir({})).toBe(join(import.meta.dirname, '..', '..', '..', 'member-app', 'dist'));
  });
});
