import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { host, origin, password, webStudio, type Browser } from '../web/web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

/**
 * Issue 30, N8 and N11: five failed sign-ins locked any email for 15 minutes, the right password
 * included, so anyone could keep the owner out; the per-address count took the exact address, so
 * any other address of an IPv6 /64 went round it; and "password again" had no limit at all (12
 * wrong tries, then the right one, got 201). Now wrong passwords ask for waits that double, per
 * email and client, per client and (softly) per email, and the right password gets in once they
 * passed (modules/staff-accounts/attempts.ts).
 */
/** The policy as attempts.ts states it: three wrong passwords free per email and client, ten per email from new clients, whose wait is five minutes at most. */
const pairFree = 3;
const accountFree = 10;
const accountLongestWaitSeconds = 300;

describe.each(dialects)('guessing staff passwords (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  beforeAll(async () => {
    s = await webStudio(suite.db);
  });
  afterAll(() => s.app.close());

  const signIn = (email: string, pass: string, remoteAddress: string) =>
    s.app.inject({
      method: 'POST',
      url: '/app/api/sign-in',
      remoteAddress,
      headers: { host, origin, 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: pass, company_id: s.studio.companyId }),
    });
  const browserOf = (response: Awaited<ReturnType<typeof signIn>>): Browser => {
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    return { cookie, csrf: response.json<{ csrf_token: string }>().csrf_token };
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { error?: { code: string } }).error?.code;
  const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);

  it('never keeps the owner out at a computer the account signed in from, however many clients keep failing', async () => {
    expect((await signIn('olive@alder.example', password, '192.0.2.50')).statusCode).toBe(200);
    s.clock.advance(60_000);
    const answers: number[] = [];
    for (let i = 1; i <= 40; i++) answers.push((await signIn('olive@alder.example', 'a guess at the password', `198.51.100.${i}`)).statusCode);
    const owner = await signIn('olive@alder.example', password, '192.0.2.50');
    expect(owner.statusCode, owner.body).toBe(200);
    // The clients new to the account: ten failures free, then they wait.
    expect(answers.filter((status) => status === 401)).toHaveLength(accountFree);
    expect(answers.filter((status) => status === 429)).toHaveLength(40 - accountFree);
  });

  it('lets the owner in at a new computer once the wait has passed, although the attacker keeps trying', async () => {
    let clients = 0;
    const attacker = () => signIn('mark@alder.example', 'a guess at the password', `198.51.101.${(clients += 1)}`);
    // Twenty failures from as many clients, each taken as soon as the waits allowed it.
    for (let failed = 0; failed < 20;) {
      const response = await attacker();
      if (response.statusCode === 429) s.clock.advance(retryAfter(response) * 1000);
      else failed += 1;
    }
    const first = await signIn('mark@alder.example', password, '203.0.113.7');
    expect(first.statusCode).toBe(429);
    expect(codeOf(first)).toBe('rate_limited');
    const wait = retryAfter(first);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(accountLongestWaitSeconds);
    // Tries while the wait runs are refused and count for nothing: they cannot stretch it.
    for (let i = 0; i < 10; i++) expect((await attacker()).statusCode).toBe(429);
    s.clock.advance(wait * 1000);
    const owner = await signIn('mark@alder.example', password, '203.0.113.7');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('counts every address of an IPv6 /64 as one client', async () => {
    const guesses = ['2001:db8:7:8::1', '2001:db8:7:8::2', '2001:db8:7:8:ffff:1:2:3'];
    for (const address of guesses) expect((await signIn('dee@alder.example', 'a guess at the password', address)).statusCode).toBe(401);
    const sameNetwork = await signIn('dee@alder.example', 'a guess at the password', '2001:db8:7:8:abcd::9');
    expect(sameNetwork.statusCode).toBe(429);
    expect(retryAfter(sameNetwork)).toBe(1);
    expect((await signIn('dee@alder.example', 'a guess at the password', '2001:db8:7:9::1')).statusCode).toBe(401);
  });

  it('slows "password again" as sign-in is: wrong tries wait, and the right password gets in once the wait passed', async () => {
    const at = '192.0.2.70';
    const owner = browserOf(await signIn('olive@alder.example', password, at));
    const createKey = (pass: string) =>
      s.app.inject({
        method: 'POST',
        url: '/app/api/keys',
        remoteAddress: at,
        headers: { host, origin, cookie: owner.cookie, 'x-csrf-token': owner.csrf, 'content-type': 'application/json' },
        payload: JSON.stringify({ password: pass, name: 'Till', scopes: ['read:contacts'], location_ids: null }),
      });
    for (let i = 0; i < pairFree; i++) expect(codeOf(await createKey('a guess at the password'))).toBe('invalid_credentials');
    const limited = await createKey('a guess at the password');
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)).toBe('rate_limited');
    expect(retryAfter(limited)).toBe(1);
    expect((await createKey(password)).statusCode).toBe(429);
    // The same waits as sign-in's: the account's wrong passwords here slow a sign-in from this client too.
    expect((await signIn('olive@alder.example', password, at)).statusCode).toBe(429);
    s.clock.advance(1000);
    const created = await createKey(password);
    expect(created.statusCode, created.body).toBe(201);
  });
});
