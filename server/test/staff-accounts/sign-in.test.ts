import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { attemptDelays } from '../../src/modules/staff-accounts/attempts.js';
import { hashSecret } from '../../src/modules/staff-accounts/secrets.js';
import { staffAuthSettings } from '../../src/modules/staff-accounts/settings.js';
import { signIn } from '../../src/modules/staff-accounts/sign-in.js';
import { handClock, testSettings, twoLocationStudio } from './studio.js';

const minute = 60_000;
const password = 'front desk passphrase';

describe.each(dialects)('staff sign-in on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const clock = handClock();
  const settings = testSettings(clock.now);

  async function studioWithDesk() {
    const studio = await twoLocationStudio(suite.db);
    const desk = await createAccount(suite.db, settings, studio.business, { email: 'desk@alder.example', displayName: 'Dee', role: 'front_desk', locationIds: [studio.north], password });
    return { ...studio, desk };
  }
  const attempt = (companyId: string, email: string, pass: string, address = '192.0.2.10') => signIn(suite.db, settings, { companyId, email, password: pass, address, userAgent: 'Tablet' });

  it('answers a new session for the right password, whatever the email’s case, storing only the token’s hash', async () => {
    const { companyId, desk } = await studioWithDesk();
    const session = await attempt(companyId, 'Desk@Alder.example', password);
    expect(session.accountId).toBe(desk.id);
    expect(Buffer.from(session.token, 'base64url')).toHaveLength(32);
    const rows = await suite.db.all(suite.db.qb.selectFrom('staff_sessions').select(['token_hash', 'user_agent', 'address']).where('account_id', '=', desk.id));
    expect(rows).toEqual([{ token_hash: hashSecret(session.token), user_agent: 'Tablet', address: '192.0.2.10' }]);
  });

  it('answers a wrong password and an unknown email with the same code and message', async () => {
    const { companyId } = await studioWithDesk();
    const wrongPassword = await attempt(companyId, 'desk@alder.example', 'not the passphrase').catch((error: unknown) => error);
    const unknownEmail = await attempt(companyId, 'nobody@alder.example', password).catch((error: unknown) => error);
    expect(wrongPassword).toMatchObject({ code: 'invalid_credentials', status: 401 });
    expect(unknownEmail).toMatchObject({ code: (wrongPassword as { code: string }).code, message: (wrongPassword as Error).message });
  });

  it('lets three wrong passwords of one email from one client go, then doubles the wait from a second up to 15 minutes; the right one gets in once it passed', async () => {
    const { companyId } = await studioWithDesk();
    const wrong = () => attempt(companyId, 'desk@alder.example', 'wrong passphrase', '192.0.2.20');
    for (let i = 0; i < attemptDelays.pair.free; i++) await expect(wrong()).rejects.toMatchObject({ code: 'invalid_credentials' });
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const refused = (await wrong().catch((error: unknown) => error)) as { code: string; retryAfter: number };
      expect(refused.code).toBe('rate_limited');
      waits.push(refused.retryAfter);
      // Hammering while the wait runs is not a guess: the wait stays as it was.
      await expect(wrong()).rejects.toMatchObject({ retryAfter: refused.retryAfter });
      clock.advance(refused.retryAfter * 1000);
      await expect(wrong()).rejects.toMatchObject({ code: 'invalid_credentials' });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900]);
    // The right password too waits out the wait, never longer.
    await expect(attempt(companyId, 'desk@alder.example', password, '192.0.2.20')).rejects.toMatchObject({ code: 'rate_limited', message: expect.stringContaining('try again in 15 minutes') });
    clock.advance(15 * minute);
    await expect(attempt(companyId, 'desk@alder.example', password, '192.0.2.20')).resolves.toMatchObject({ token: expect.any(String) });
    // A success starts the count afresh: three wrong passwords are free again.
    clock.advance(1000);
    for (let i = 0; i < attemptDelays.pair.free; i++) await expect(wrong()).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(wrong()).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 1, message: expect.stringContaining('try again in 1 second') });
  });

  it('slows an unknown email as a known one, so the wait tells nothing about which exist', async () => {
    const { companyId } = await studioWithDesk();
    for (const email of ['desk@alder.example', 'nobody@alder.example']) {
      for (let i = 0; i < attemptDelays.pair.free; i++) await expect(attempt(companyId, email, 'wrong passphrase', '192.0.2.30')).rejects.toMatchObject({ code: 'invalid_credentials' });
      await expect(attempt(companyId, email, 'wrong passphrase', '192.0.2.30')).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 1 });
    }
  });

  it('slows a client trying many emails after ten wrong passwords, whichever emails they were', async () => {
    const { companyId } = await studioWithDesk();
    for (let i = 0; i < attemptDelays.client.free; i++)
      await expect(attempt(companyId, `guess${i}@alder.example`, 'wrong passphrase', '198.51.100.7')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(attempt(companyId, 'desk@alder.example', password, '198.51.100.7')).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 1 });
    await expect(attempt(companyId, 'desk@alder.example', password, '198.51.100.8')).resolves.toMatchObject({ token: expect.any(String) });
    clock.advance(1000);
    await expect(attempt(companyId, 'desk@alder.example', password, '198.51.100.7')).resolves.toMatchObject({ token: expect.any(String) });
  });

  it('forgets failures after a day: the count starts afresh', async () => {
    const { companyId } = await studioWithDesk();
    const wrong = () => attempt(companyId, 'desk@alder.example', 'wrong passphrase', '192.0.2.40');
    // Thirteen failures, each after the wait before it: the next would wait the longest.
    for (let failed = 0; failed < 13;) {
      const error = (await wrong().catch((caught: unknown) => caught)) as { code: string; retryAfter?: number };
      if (error.code === 'rate_limited') clock.advance(error.retryAfter! * 1000);
      else failed += 1;
    }
    await expect(wrong()).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 900 });
    clock.advance(24 * 60 * minute);
    for (let i = 0; i < attemptDelays.pair.free; i++) await expect(wrong()).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(wrong()).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 1 });
  });

  it('tells a disabled account so only to whoever knows its password', async () => {
    const { companyId, business, desk } = await studioWithDesk();
    const { disableAccount } = await import('../../src/modules/staff-accounts/accounts.js');
    await disableAccount(suite.db, settings, business, desk.id);
    await expect(attempt(companyId, 'desk@alder.example', password)).rejects.toMatchObject({ code: 'invalid_credentials', message: expect.stringContaining('disabled') });
    await expect(attempt(companyId, 'desk@alder.example', 'wrong passphrase')).rejects.toMatchObject({ code: 'invalid_credentials', message: expect.not.stringContaining('disabled') });
  });

  it('rehashes a password made at a lower cost than the current one when it signs in', async () => {
    const { companyId, desk } = await studioWithDesk();
    const stored = () => suite.db.first(suite.db.qb.selectFrom('staff_accounts').select('password_hash').where('id', '=', desk.id));
    expect((await stored())!.password_hash).toMatch(/^scrypt\$N=1024,/);
    const raised = staffAuthSettings(clock.now, { passwordCost: { N: 2 ** 11, r: 8, p: 1 } });
    await signIn(suite.db, raised, { companyId, email: 'desk@alder.example', password, address: '192.0.2.60' });
    expect((await stored())!.password_hash).toMatch(/^scrypt\$N=2048,r=8,p=1\$/);
    await expect(signIn(suite.db, settings, { companyId, email: 'desk@alder.example', password, address: '192.0.2.60' })).resolves.toMatchObject({ accountId: desk.id });
  });

  // Postgres only (several server processes share one Postgres; a SQLite file has one server): defined there alone, not skipped here.
  const onPostgres = dialect === 'postgres' ? it : () => undefined;
  onPostgres('counts failures made through two database handles (two server processes) together', async () => {
    const { companyId } = await studioWithDesk();
    const other = await openDatabase(suite.url);
    try {
      const through = (db: typeof other, pass: string) => signIn(db, settings, { companyId, email: 'desk@alder.example', password: pass, address: '203.0.113.9' });
      for (let i = 0; i < attemptDelays.pair.free; i++) {
        await expect(through(i % 2 ? other : suite.db, 'wrong passphrase')).rejects.toMatchObject({ code: 'invalid_credentials' });
      }
      await expect(through(other, password)).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(through(suite.db, password)).rejects.toMatchObject({ code: 'rate_limited' });
      // Eight wrong tries at once, split over both processes, after the wait: each counts the others, so at most the free three are checked.
      clock.advance(24 * 60 * minute);
      const tries = Array.from({ length: 8 }, (_, i) => through(i % 2 ? other : suite.db, 'wrong passphrase').catch((error: { code: string }) => error.code));
      const codes = await Promise.all(tries);
      expect(codes.filter((code) => code === 'invalid_credentials').length).toBeLessThanOrEqual(attemptDelays.pair.free);
      expect(codes.filter((code) => code === 'rate_limited').length).toBeGreaterThanOrEqual(8 - attemptDelays.pair.free);
    } finally {
      await other.close();
    }
  });
});
