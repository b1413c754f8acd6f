import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { defaultLimits } from '../../src/config.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { mintSetupLink } from '../../src/modules/staff-accounts/setup-link.js';
import { staffAuthSettings } from '../../src/modules/staff-accounts/settings.js';
import { handClock, testCost, twoLocationStudio } from '../staff-accounts/studio.js';

/**
 * Issue 30, N1 and N4: setup links are one at a time and end once an owner exists (an older link
 * made a second owner); a wrong token is refused before any password hash, and a flood of tries
 * from one client (an IPv6 /64) is cut off.
 */
describe.each(dialects)('owner setup links (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const clock = handClock();
  /** Counts the hashes begun: hashing reads the cost's N, nothing before it does. */
  let hashes = 0;
  const cost = {
    get N() {
      hashes += 1;
      return testCost.N;
    },
    r: testCost.r,
    p: testCost.p,
  };
  const settings = staffAuthSettings(clock.now, { passwordCost: cost });
  const anonymousBudget = 4;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    app = await buildApp({ db: suite.db, staffAuth: settings, limits: { ...defaultLimits, rateLimitAnonymousMax: anonymousBudget }, webAppDir: '/nonexistent/web-app/dist' });
  });
  afterAll(() => app.close());

  let people = 0;
  const setup = (token: string, remoteAddress = '192.0.2.1') => {
    people += 1;
    const body = { token, email: `owner${people}@alder.example`, display_name: `Owner ${people}`, password: 'a long enough passphrase' };
    return app.inject({
      method: 'POST',
      url: '/app/api/setup',
      remoteAddress,
      headers: { host: '127.0.0.1', origin: 'http://127.0.0.1', 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { error?: { code: string } }).error?.code;
  const owners = async (companyId: string) => (await suite.db.all(suite.db.qb.selectFrom('staff_accounts').select('id').where('company_id', '=', companyId).where('role', '=', 'owner'))).length;

  it('keeps one live link: a newer one ends the older, and an older link makes no second owner once an owner exists', async () => {
    const studio = await twoLocationStudio(suite.db);
    // The one box mints a link at each start until there is an owner; every one lands in the journal.
    const first = await mintSetupLink(suite.db, settings, studio.companyId);
    const second = await mintSetupLink(suite.db, settings, studio.companyId);
    const stale = await setup(first.token, '192.0.2.10');
    expect(stale.statusCode, stale.body).toBe(401);
    expect(codeOf(stale)).toBe('setup_link_invalid');
    expect((await setup(second.token, '192.0.2.10')).statusCode).toBe(201);
    expect(await owners(studio.companyId)).toBe(1);
  });

  it('ends a live link when an owner is made another way, so the link cannot make a second one', async () => {
    const studio = await twoLocationStudio(suite.db);
    const link = await mintSetupLink(suite.db, settings, studio.companyId);
    await createAccount(suite.db, settings, studio.business, { email: 'olive@alder.example', displayName: 'Olive', role: 'owner', password: 'a long enough passphrase' });
    const late = await setup(link.token, '192.0.2.11');
    expect(late.statusCode, late.body).toBe(401);
    expect(codeOf(late)).toBe('setup_link_invalid');
    expect(await owners(studio.companyId)).toBe(1);
    // A studio whose owners all lost access mints a new link by command: that one works.
    const recovery = await mintSetupLink(suite.db, settings, studio.companyId);
    expect((await setup(recovery.token, '192.0.2.11')).statusCode).toBe(201);
  });

  it('checks the token before hashing any password', async () => {
    const studio = await twoLocationStudio(suite.db);
    hashes = 0;
    const wrong = await setup('x'.repeat(43), '192.0.2.12');
    expect(codeOf(wrong)).toBe('setup_link_invalid');
    expect(hashes).toBe(0);
    const link = await mintSetupLink(suite.db, settings, studio.companyId);
    expect((await setup(link.token, '192.0.2.12')).statusCode).toBe(201);
    expect(hashes).toBeGreaterThan(0);
  });

  it('limits tries per client, an IPv6 /64 being one client', async () => {
    const sameNetwork = ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3', '2001:db8:5:6:1:2:3:4'];
    for (const address of sameNetwork) expect(codeOf(await setup('y'.repeat(43), address))).toBe('setup_link_invalid');
    const limited = await setup('y'.repeat(43), '2001:db8:5:6::99');
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The next /64 is another client.
    expect(codeOf(await setup('y'.repeat(43), '2001:db8:5:7::1'))).toBe('setup_link_invalid');
  });
});
