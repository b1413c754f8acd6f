import { request } from 'node:https';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { testCertificate } from '@studio/testkit/server/tls';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Target } from '../authorization/authorization-decisions.js';
import { membershipAt } from '../authorization/desk-matrix-data.js';
import { handClock, testSettings, twoLocationStudio } from '../staff-accounts/studio.js';

interface Answer {
  status: number;
  setCookie: string[];
  body: string;
}

/** One request over HTTPS trusting the test certificate alone. */
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

describe.each(dialects)('the member session cookie and sign-in link under HTTPS (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let temp: ReturnType<typeof tempDir>;
  let app: FastifyInstance;
  let base: string;
  let ca: string;
  let studio: Awaited<ReturnType<typeof twoLocationStudio>>;

  beforeAll(async () => {
    temp = tempDir();
    const tls = await testCertificate(temp.dir);
    ca = tls.cert;
    const clock = handClock();
    studio = await twoLocationStudio(suite.db);
    await membershipAt(suite.db, { company: studio, location: studio.north, contact: studio.nina, clock: clock.now } as unknown as Target);
    await suite.db.run(suite.db.qb.updateTable('contacts').set({ email: 'nina@example.com' }).where('id', '=', studio.nina));
    app = await buildApp({ db: suite.db, tls, staffAuth: testSettings(clock.now), webAppDir: temp.dir });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    temp?.remove();
  });

  it('links to the members’ app at the HTTPS origin asked at, and sets __Secure-studio_member: Secure, HttpOnly, SameSite=Lax, Path=/m/', async () => {
    const asked = await send(base, ca, 'POST', '/m/api/sign-in/code', { origin: base }, { email: 'nina@example.com', location: studio.north });
    expect(asked.status, asked.body).toBe(202);
    const message = await suite.db.first(suite.db.qb.selectFrom('member_messages').select('data').where('contact_id', '=', studio.nina));
    const { link } = JSON.parse(message!.data) as { link: string };
    expect(link.startsWith(`${base}/m/sign-in#`)).toBe(true);
    const signIn = await send(base, ca, 'POST', '/m/api/sign-in', { origin: base }, { link_secret: link.split('#')[1] });
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = signIn.setCookie.find((line) => line.startsWith('__Secure-studio_member='))!;
    expect(cookie).toBeDefined();
    const attributes = cookie.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/m/', 'HttpOnly', 'Secure', 'SameSite=Lax']));
    const pair = cookie.split(';')[0]!;
    expect((await send(base, ca, 'GET', '/m/api/me', { cookie: pair })).status).toBe(200);
    // The plain-HTTP name is not read over HTTPS, nor the member's token under the staff cookie's name.
    expect((await send(base, ca, 'GET', '/m/api/me', { cookie: pair.replace('__Secure-', '') })).status).toBe(401);
    expect((await send(base, ca, 'GET', '/app/api/session', { cookie: pair.replace('__Secure-studio_member', '__Host-studio_session') })).status).toBe(401);
  });
});
