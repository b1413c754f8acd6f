import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptDelays } from '../../src/modules/staff-accounts/attempts.js';
import { csrfToken } from '../../src/web/csrf.js';
import { origin, password, setCookieOf, webStudio } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

describe.each(dialects)('web app sign-in and sessions (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  beforeAll(async () => {
    s = await webStudio(suite.db);
  });
  afterAll(() => s.app.close());

  it('signs in, answers the session view, and sets an HttpOnly SameSite=Lax cookie for /app expiring with the session', async () => {
    const response = await s.send({ method: 'POST', url: '/app/api/sign-in', body: { email: 'Dee@Alder.example', password, company_id: s.studio.companyId } });
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json<{
      account: { id: string; role: string; location_ids: string[] };
      locations: { id: string; currency: string }[];
      csrf_token: string;
      expires_at: string;
      company: { id: string };
    }>();
    expect(view.account).toMatchObject({ id: s.desk.id, role: 'front_desk', location_ids: [s.studio.north] });
    expect(view.company.id).toBe(s.studio.companyId);
    expect(view.locations.map((l) => [l.id, l.currency])).toEqual([[s.studio.north, 'GBP']]);
    const cookie = setCookieOf(response)!;
    const token = /^studio_session=([^;]+)/.exec(cookie)![1]!;
    expect(view.csrf_token).toBe(csrfToken(token));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/app');
    expect(cookie).not.toContain('Secure');
    expect(cookie).toContain(`Expires=${new Date(view.expires_at).toUTCString()}`);
    expect(response.body).not.toContain(token);
  });

  it('answers a wrong password 401 invalid_credentials and sets no cookie', async () => {
    const response = await s.send({ method: 'POST', url: '/app/api/sign-in', body: { email: 'dee@alder.example', password: 'not the password at all', company_id: s.studio.companyId } });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('invalid_credentials');
    expect(setCookieOf(response)).toBeUndefined();
  });

  it('needs company_id while the server holds several businesses', async () => {
    const response = await s.send({ method: 'POST', url: '/app/api/sign-in', body: { email: 'dee@alder.example', password } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { param: string } }>().error.param).toBe('company_id');
  });

  it('surfaces a wait after wrong passwords as 429 rate_limited with Retry-After, and lets the right password in once it passed', async () => {
    const body = { email: 'sue@alder.example', password: 'wrong password, again', company_id: s.studio.companyId };
    for (let i = 0; i < attemptDelays.pair.free; i++) expect((await s.send({ method: 'POST', url: '/app/api/sign-in', body })).statusCode).toBe(401);
    const limited = await s.send({ method: 'POST', url: '/app/api/sign-in', body: { ...body, password } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: { code: string } }>().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBe(1);
    s.clock.advance(1000);
    expect((await s.send({ method: 'POST', url: '/app/api/sign-in', body: { ...body, password } })).statusCode).toBe(200);
  });

  it('reads the session, lists it as current, and signs out: the cookie is cleared and the token is dead', async () => {
    const browser = await s.signIn('mark@alder.example');
    const other = await s.signIn('mark@alder.example');
    const session = await s.send({ method: 'GET', url: '/app/api/session', as: browser });
    expect(session.statusCode).toBe(200);
    expect(session.json<{ csrf_token: string }>().csrf_token).toBe(browser.csrf);
    const sessions = await s.send({ method: 'GET', url: '/app/api/sessions', as: browser });
    const list = sessions.json<{ data: { current: boolean }[] }>().data;
    expect(list).toHaveLength(2);
    expect(list.filter((row) => row.current)).toHaveLength(1);
    const out = await s.send({ method: 'POST', url: '/app/api/sign-out', as: browser });
    expect(out.statusCode).toBe(204);
    expect(setCookieOf(out)).toMatch(/^studio_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await s.send({ method: 'GET', url: '/app/api/session', as: browser })).json<{ error: { code: string } }>().error.code).toBe('invalid_session');
    expect((await s.send({ method: 'GET', url: '/app/api/session', as: other })).statusCode).toBe(200);
  });

  it('moves the cookie expiry with the session as it is used, and clears the cookie of a dead session', async () => {
    const browser = await s.signIn('mark@alder.example');
    s.clock.advance(2 * 60_000);
    const later = await s.send({ method: 'GET', url: '/app/api/session', as: browser });
    const expiresAt = later.json<{ expires_at: string }>().expires_at;
    expect(Date.parse(expiresAt)).toBe(s.clock.now() + s.settings.idleTimeoutMs);
    expect(setCookieOf(later)).toContain(`Expires=${new Date(expiresAt).toUTCString()}`);
    s.clock.advance(s.settings.idleTimeoutMs);
    const dead = await s.send({ method: 'GET', url: '/app/api/session', as: browser });
    expect(dead.statusCode).toBe(401);
    expect(setCookieOf(dead)).toMatch(/^studio_session=;/);
  });

  it('signs out everywhere: every session of the account ends, and the audit log says who', async () => {
    const one = await s.signIn('olive@alder.example');
    const two = await s.signIn('olive@alder.example');
    expect((await s.send({ method: 'POST', url: '/app/api/sign-out-everywhere', as: one })).statusCode).toBe(204);
    for (const browser of [one, two]) expect((await s.send({ method: 'GET', url: '/app/api/session', as: browser })).statusCode).toBe(401);
    const again = await s.signIn('olive@alder.example');
    const audit = await s.send({ method: 'GET', url: '/app/api/audit', as: again });
    expect(audit.json<{ data: { actor: unknown; action: string }[] }>().data[0]).toEqual(
      expect.objectContaining({ actor: { kind: 'account', account_id: s.owner.id, name: 'olive', role: 'owner' }, action: 'signed_out_everywhere' }),
    );
  });

  it('never promotes a planted cookie: sign-in sets a new token and the old one is dead', async () => {
    const planted = await s.signIn('dee@alder.example');
    const response = await s.send({
      method: 'POST',
      url: '/app/api/sign-in',
      as: { cookie: planted.cookie, csrf: '' },
      body: { email: 'dee@alder.example', password, company_id: s.studio.companyId },
    });
    expect(response.statusCode).toBe(200);
    const fresh = setCookieOf(response)!.split(';')[0]!;
    expect(fresh).not.toBe(planted.cookie);
    expect((await s.send({ method: 'GET', url: '/app/api/session', as: planted })).statusCode).toBe(401);
    expect((await s.send({ method: 'GET', url: '/app/api/session', as: { cookie: fresh, csrf: '' } })).statusCode).toBe(200);
    // An attacker's made-up value is not a session either, and nothing adopts it.
    const madeUp = await s.send({
      method: 'POST',
      url: '/app/api/sign-in',
      as: { cookie: 'studio_session=attacker-chosen', csrf: '' },
      body: { email: 'dee@alder.example', password, company_id: s.studio.companyId },
    });
    expect(setCookieOf(madeUp)).not.toContain('attacker-chosen');
  });

  it('refuses a sign-in without a same-origin Origin (login CSRF)', async () => {
    const body = { email: 'dee@alder.example', password, company_id: s.studio.companyId };
    for (const sent of [null, 'https://evil.example', `${origin}:8080`]) {
      const response = await s.send({ method: 'POST', url: '/app/api/sign-in', body, origin: sent });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('csrf_failed');
      expect(setCookieOf(response)).toBeUndefined();
    }
  });

  it('answers unknown /app/api paths with the JSON error envelope 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await s.send({ method, url: '/app/api/nothing-here', body: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json<{ error: { code: string } }>().error.code).toBe('route_not_found');
    }
  });
});
