import { request } from 'node:https';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { testCertificate } from '@studio/testkit/server/tls';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { handClock, testSettings, twoLocationStudio } from '../staff-accounts/studio.js';

interface Answer {
  status: number;
  setCookie: string[];
  body: string;
}

/** One request over HTTPS trusting the test certificate alone, as a browser that was told of it. */
function send(base: string, ca: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, ca, agent: false, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, setCookie: response.headers['set-cookie'] ?? [], body: text }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe.each(dialects)('the session cookie under HTTPS (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const password = 'correct horse battery';
  let temp: ReturnType<typeof tempDir>;
  let app: FastifyInstance;
  let base: string;
  let ca: string;

  beforeAll(async () => {
    temp = tempDir();
    const tls = await testCertificate(temp.dir);
    ca = tls.cert;
    const settings = testSettings(handClock().now);
    const studio = await twoLocationStudio(suite.db);
    await createAccount(suite.db, settings, studio.business, { email: 'olive@alder.example', displayName: 'Olive', role: 'owner', password });
    app = await buildApp({ db: suite.db, tls, staffAuth: settings, webAppDir: temp.dir });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    temp?.remove();
  });

  it('is __Host-studio_session: Secure, HttpOnly, SameSite=Lax, Path=/, and signs the browser in', async () => {
    const signIn = await send(base, ca, 'POST', '/app/api/sign-in', { origin: base }, { email: 'olive@alder.example', password });
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = signIn.setCookie.find((line) => line.startsWith('__Host-studio_session='))!;
    expect(cookie).toBeDefined();
    const attributes = cookie.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']));
    expect(attributes.some((attribute) => attribute.startsWith('Domain='))).toBe(false);
    const pair = cookie.split(';')[0]!;
    expect((await send(base, ca, 'GET', '/app/api/session', { cookie: pair })).status).toBe(200);
    // The plain-HTTP name is not read over HTTPS: a cookie planted without the prefix signs nobody in.
    expect((await send(base, ca, 'GET', '/app/api/session', { cookie: pair.replace('__Host-', '') })).status).toBe(401);
  });
});
