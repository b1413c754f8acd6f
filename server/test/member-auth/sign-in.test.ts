import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptDelays } from '../../src/modules/staff-accounts/attempts.js';
import { csrfToken } from '../../src/web/csrf.js';
import { memberCookieOf, memberStudio, type MemberStudio } from './member-studio.js';

const minute = 60_000;
const day = 24 * 60 * minute;
const errorOf = (response: { json<T>(): T }) => response.json<{ error: { code: string } }>().error.code;

describe.each(dialects)("members' app sign-in by emailed code or link (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: MemberStudio;
  beforeAll(async () => {
    s = await memberStudio(suite.db);
  });
  afterAll(() => s.app.close());

  /** Each test starts a day and an hour later: no earlier wrong tries or codes count against it. */
  const freshDay = () => s.clock.advance(day + 61 * minute);
  const messages = async () => Number((await suite.db.first(suite.db.qb.selectFrom('member_messages').select((eb) => eb.fn.countAll<number>().as('n'))))!.n);

  it('answers a member’s email, an unknown one, a contact without membership and another case alike, queuing a code for the member only', async () => {
    freshDay();
    await suite.db.run(suite.db.qb.updateTable('contacts').set({ email: 'lead@example.com' }).where('id', '=', s.other.sam));
    const before = await messages();
    const known = await s.requestCode('nina@example.com', 'north', s.studio.companyId, '10.1.0.1');
    const unknown = await s.requestCode('nobody@example.com', 'north', s.studio.companyId, '10.1.0.2');
    const otherBusiness = await s.requestCode('sam@example.com', 'north', s.other.companyId, '10.1.0.3');
    expect(known.statusCode, known.body).toBe(202);
    for (const answer of [unknown, otherBusiness]) {
      expect(answer.statusCode).toBe(known.statusCode);
      expect(answer.body).toBe(known.body);
      expect(memberCookieOf(answer)).toBeUndefined();
    }
    expect(await messages()).toBe(before + 1);
    const message = await s.lastMessage(s.studio.nina);
    expect(message).toMatchObject({ template: 'sign_in_code', to_address: 'Nina@Example.com', location_id: s.studio.north, language: 'de' });
    expect(message!.data.code).toMatch(/^\d{6}$/);
    expect(message!.data.minutes).toBe(10);
    expect(message!.data.link).toMatch(/^http:\/\/studio\.test\/m\/sign-in#[A-Za-z0-9_-]{43}$/);
  });

  it('writes the message in the language of the location asked at', async () => {
    freshDay();
    await s.requestCode('sam@example.com', 'south');
    expect((await s.lastMessage(s.studio.sam))!.language).toBe('en');
    await s.requestCode('sam@example.com', s.studio.north);
    expect((await s.lastMessage(s.studio.sam))!.language).toBe('de');
  });

  it('signs in once with the code: an HttpOnly SameSite=Lax cookie for /m/, and the member’s first name, location and language', async () => {
    freshDay();
    expect((await s.requestCode(' NINA@example.com ')).statusCode).toBe(202);
    const { code } = (await s.lastMessage(s.studio.nina))!.data;
    const response = await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'nina@EXAMPLE.com', code } });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = memberCookieOf(response)!;
    expect(cookie).toMatch(/^studio_member=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/m/');
    expect(cookie).not.toContain('Secure');
    const token = /^studio_member=([^;]+)/.exec(cookie)![1]!;
    expect(response.json()).toEqual({
      contact_id: s.studio.nina,
      first_name: 'Nina',
      location: { id: s.studio.north, name: 'North', slug: 'north', logo: null, accent_colour: '#1c7ed6', language: 'de' },
      language: 'de',
      csrf_token: csrfToken(token),
    });
    expect(response.body).not.toContain(token);
    const again = await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'nina@example.com', code } });
    expect(again.statusCode).toBe(401);
    expect(errorOf(again)).toBe('sign_in_code_invalid');
    const me = await s.sendMember({ method: 'GET', path: '/me', as: { cookie: cookie.split(';')[0]!, csrf: '' } });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ first_name: string }>().first_name).toBe('Nina');
  });

  it('signs in with the link’s secret once, and not with the link of a code replaced by a newer one', async () => {
    freshDay();
    await s.requestCode('sam@example.com', 'south');
    const first = (await s.lastMessage(s.studio.sam))!.data;
    await s.requestCode('sam@example.com', 'south');
    const second = (await s.lastMessage(s.studio.sam))!.data;
    const secretOf = (link: string) => link.split('#')[1]!;
    const replaced = await s.sendMember({ method: 'POST', path: '/sign-in', body: { link_secret: secretOf(first.link) } });
    expect(replaced.statusCode).toBe(401);
    expect(errorOf(replaced)).toBe('sign_in_code_invalid');
    const response = await s.sendMember({ method: 'POST', path: '/sign-in', body: { link_secret: secretOf(second.link) } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ contact_id: string; language: string }>()).toMatchObject({ contact_id: s.studio.sam, language: 'en' });
    // The link and the code are one: used by the link, the code no longer works.
    const code = await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'sam@example.com', code: second.code } });
    expect(code.statusCode).toBe(401);
    const twice = await s.sendMember({ method: 'POST', path: '/sign-in', body: { link_secret: secretOf(second.link) } });
    expect(twice.statusCode).toBe(401);
  });

  it('refuses a code after 10 minutes, and takes it just before', async () => {
    freshDay();
    await s.requestCode('sam@example.com', 'south');
    s.clock.advance(10 * minute - 1000);
    const inTime = (await s.lastMessage(s.studio.sam))!.data.code;
    expect((await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'sam@example.com', code: inTime } })).statusCode).toBe(200);
    await s.requestCode('sam@example.com', 'south');
    const late = (await s.lastMessage(s.studio.sam))!.data;
    s.clock.advance(10 * minute);
    for (const body of [{ email: 'sam@example.com', code: late.code }, { link_secret: late.link.split('#')[1]! }]) {
      const response = await s.sendMember({ method: 'POST', path: '/sign-in', body });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toBe('sign_in_code_invalid');
    }
  });

  it('stops a code and its link after 5 wrong tries, the right code included', async () => {
    freshDay();
    await s.requestCode('sam@example.com', 'south');
    const { code, link } = (await s.lastMessage(s.studio.sam))!.data;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      // Past the waits after wrong tries: only the code's own limit is tested here.
      s.clock.advance(20_000);
      const response = await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'sam@example.com', code: wrong } });
      expect(response.statusCode).toBe(401);
    }
    s.clock.advance(20_000);
    for (const body of [{ email: 'sam@example.com', code }, { link_secret: link.split('#')[1]! }]) {
      const response = await s.sendMember({ method: 'POST', path: '/sign-in', body });
      expect(response.statusCode, response.body).toBe(401);
      expect(errorOf(response)).toBe('sign_in_code_invalid');
    }
  });

  it('slows wrong codes by email and client as staff passwords are: 429 with Retry-After, the right code in once the wait passed', async () => {
    freshDay();
    await s.requestCode('nina@example.com');
    const { code } = (await s.lastMessage(s.studio.nina))!.data;
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (guess: string, address = '10.2.0.1') => s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'nina@example.com', code: guess }, address });
    for (let i = 0; i < attemptDelays.pair.free; i++) expect((await attempt(wrong)).statusCode).toBe(401);
    const limited = await attempt(code);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toBe('rate_limited');
    expect(limited.json<{ error: { message: string } }>().error.message).toContain('wrong codes');
    expect(Number(limited.headers['retry-after'])).toBe(1);
    // Another client is not held back by this one's wrong tries.
    s.clock.advance(1000);
    expect((await attempt(code)).statusCode).toBe(200);
    // Wrong codes from one client for many emails are counted too.
    freshDay();
    for (let i = 0; i < attemptDelays.client.free; i++) {
      const response = await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: `guess${i}@example.com`, code: '123456' }, address: '10.2.0.9' });
      expect(response.statusCode).toBe(401);
    }
    const flood = await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'guess-more@example.com', code: '123456' }, address: '10.2.0.9' });
    expect(flood.statusCode).toBe(429);
  });

  it('sends at most 5 codes an hour to one member, answering the sixth alike', async () => {
    freshDay();
    const before = await messages();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await s.requestCode('sam@example.com', 'south'));
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
    expect(await messages()).toBe(before + 5);
    s.clock.advance(61 * minute);
    await s.requestCode('sam@example.com', 'south');
    expect(await messages()).toBe(before + 6);
  });

  it('keeps no code or link secret in clear: only the outbox row carries them', async () => {
    freshDay();
    await s.requestCode('sam@example.com', 'south');
    const { code, link } = (await s.lastMessage(s.studio.sam))!.data;
    const secret = link.split('#')[1]!;
    const rows = await suite.db.all(suite.db.qb.selectFrom('member_sign_in_codes').selectAll());
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) for (const value of Object.values(row)) expect(String(value)).not.toContain(secret);
    const codeRow = rows.find((row) => row.contact_id === s.studio.sam && row.used_at === null && Date.parse(row.expires_at) > s.clock.now())!;
    for (const value of Object.values(codeRow)) expect(String(value)).not.toBe(code);
    const outbox = await suite.db.all(suite.db.qb.selectFrom('member_messages').select(['id', 'data']).where('data', 'like', `%${secret}%`));
    expect(outbox).toHaveLength(1);
    const signedIn = await s.sendMember({ method: 'POST', path: '/sign-in', body: { link_secret: secret } });
    const token = /^studio_member=([^;]+)/.exec(memberCookieOf(signedIn)!)![1]!;
    const sessions = await suite.db.all(suite.db.qb.selectFrom('member_sessions').selectAll());
    for (const row of sessions) for (const value of Object.values(row)) expect(String(value)).not.toContain(token);
  });

  it('refuses a write without a same-origin Origin, and a location that does not exist', async () => {
    freshDay();
    const noOrigin = await s.sendMember({ method: 'POST', path: '/sign-in/code', body: { email: 'sam@example.com', location: 'south', company_id: s.studio.companyId }, origin: null });
    expect(noOrigin.statusCode).toBe(403);
    expect(errorOf(noOrigin)).toBe('csrf_failed');
    const foreign = await s.sendMember({ method: 'POST', path: '/sign-in', body: { email: 'sam@example.com', code: '123456' }, origin: 'http://evil.example' });
    expect(errorOf(foreign)).toBe('csrf_failed');
    const missing = await s.requestCode('sam@example.com', 'nowhere');
    expect(missing.statusCode).toBe(404);
    // Both businesses have a "north": the slug alone does not say which.
    const ambiguous = await s.requestCode('sam@example.com', 'north', null);
    expect(ambiguous.statusCode).toBe(400);
  });

  it('answers /m/api only under an allowed host name', async () => {
    const response = await s.sendMember({
      method: 'POST',
      path: '/sign-in/code',
      body: { email: 'sam@example.com', location: 'south' },
      headers: { host: 'rebound.attacker.example' },
      origin: 'http://rebound.attacker.example',
    });
    expect(response.statusCode).toBe(421);
    expect(errorOf(response)).toBe('host_not_allowed');
  });
});
