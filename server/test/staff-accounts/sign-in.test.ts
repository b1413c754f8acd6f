import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/dialects/open.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
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

  it('refuses the sixth try of an email in 15 minutes, known or not, with the minutes to wait; a success resets the count', async () => {
    const { companyId } = await studioWithDesk();
    for (const email of ['desk@alder.example', 'nobody@alder.example']) {
      for (let i = 0; i < 5; i++) {
        await expect(attempt(companyId, email, 'wrong passphrase', `192.0.2.${20 + i}`)).rejects.toMatchObject({ code: 'invalid_credentials' });
        clock.advance(minute);
      }
      // The right password too: the limit is checked before the password.
      await expect(attempt(companyId, email, password, '192.0.2.99')).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 10 * 60, message: expect.stringContaining('try again in 10 minutes') });
    }
    clock.advance(10 * minute);
    const wrong = async () => {
      clock.advance(1000);
      await expect(attempt(companyId, 'desk@alder.example', 'wrong passphrase', '192.0.2.50')).rejects.toMatchObject({ code: 'invalid_credentials' });
    };
    for (let i = 0; i < 4; i++) await wrong();
    clock.advance(1000);
    await expect(attempt(companyId, 'desk@alder.example', password)).resolves.toMatchObject({ accountId: expect.any(String) });
    // After a success the failures before it no longer count against the account: five more are checked.
    for (let i = 0; i < 5; i++) await wrong();
    await expect(attempt(companyId, 'desk@alder.example', password)).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('refuses an address after 20 failures in 15 minutes, whichever emails it tried', async () => {
    const { companyId } = await studioWithDesk();
    for (let i = 0; i < 20; i++) await expect(attempt(companyId, `guess${i}@alder.example`, 'wrong passphrase', '198.51.100.7')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(attempt(companyId, 'desk@alder.example', password, '198.51.100.7')).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 15 * 60 });
    await expect(attempt(companyId, 'desk@alder.example', password, '198.51.100.8')).resolves.toMatchObject({ token: expect.any(String) });
    clock.advance(15 * minute);
    await expect(attempt(companyId, 'desk@alder.example', password, '198.51.100.7')).resolves.toMatchObject({ token: expect.any(String) });
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
      const through = (db: typeof other, address: string, pass: string) => signIn(db, settings, { companyId, email: 'desk@alder.example', password: pass, address });
      for (let i = 0; i < 5; i++) {
        await expect(through(i % 2 ? other : suite.db, `203.0.113.${i}`, 'wrong passphrase')).rejects.toMatchObject({ code: 'invalid_credentials' });
      }
      await expect(through(other, '203.0.113.9', password)).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(through(suite.db, '203.0.113.9', password)).rejects.toMatchObject({ code: 'rate_limited' });
      // Five wrong tries at once, split over both processes: at most five guesses are checked in all.
      clock.advance(15 * minute);
      const tries = Array.from({ length: 8 }, (_, i) => through(i % 2 ? other : suite.db, `203.0.113.${20 + i}`, 'wrong passphrase').catch((error: { code: string }) => error.code));
      const codes = await Promise.all(tries);
      expect(codes.filter((code) => code === 'invalid_credentials').length).toBeLessThanOrEqual(5);
      expect(codes.filter((code) => code === 'rate_limited').length).toBeGreaterThanOrEqual(3);
    } finally {
      await other.close();
    }
  });
});
