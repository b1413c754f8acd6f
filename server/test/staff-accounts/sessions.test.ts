import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { getContact } from '../../src/modules/contacts/service.js';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { createAccount } from '../../src/modules/staff-accounts/accounts.js';
import { openSessions, sessionFromToken, signOut } from '../../src/modules/staff-accounts/sessions.js';
import { signIn, signOutEverywhere } from '../../src/modules/staff-accounts/sign-in.js';
import { handClock, testSettings, twoLocationStudio } from './studio.js';

const hour = 3_600_000;
const password = 'front desk passphrase';

describe.each(dialects)('staff sessions on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const clock = handClock();
  const settings = testSettings(clock.now);

  async function signedInDesk() {
    const studio = await twoLocationStudio(suite.db);
    const desk = await createAccount(suite.db, settings, studio.business, { email: 'desk@alder.example', displayName: 'Dee', role: 'front_desk', locationIds: [studio.north], password });
    const signInAt = (address: string, userAgent: string) => signIn(suite.db, settings, { companyId: studio.companyId, email: 'desk@alder.example', password, address, userAgent });
    return { ...studio, desk, signInAt };
  }

  it('slides the idle expiry on each use, up to the maximum age after sign-in', async () => {
    const { signInAt } = await signedInDesk();
    const signedInAt = clock.now();
    const { token } = await signInAt('192.0.2.1', 'Tablet');
    // Used every 11 hours, the session outlives its 12-hour idle timeout 15 times over…
    for (let use = 0; use < 15; use++) {
      clock.advance(11 * hour);
      await expect(sessionFromToken(suite.db, settings, token)).resolves.toMatchObject({ account: { email: 'desk@alder.example' } });
    }
    // …but never the seven days after sign-in: 165 hours in, it has 3 left, not 12.
    const last = await sessionFromToken(suite.db, settings, token);
    expect(last.expiresAt).toBe(new Date(signedInAt + 168 * hour).toISOString());
    clock.advance(3 * hour - 1);
    await expect(sessionFromToken(suite.db, settings, token)).resolves.toMatchObject({ expiresAt: last.expiresAt });
    clock.advance(1);
    await expect(sessionFromToken(suite.db, settings, token)).rejects.toMatchObject({ code: 'invalid_session', status: 401 });
  });

  it('ends a session unused for the idle timeout', async () => {
    const { signInAt } = await signedInDesk();
    const { token } = await signInAt('192.0.2.1', 'Tablet');
    clock.advance(12 * hour);
    await expect(sessionFromToken(suite.db, settings, token)).rejects.toMatchObject({ code: 'invalid_session' });
  });

  it('signs out one session, or every session of the account, recorded with who did it', async () => {
    const { signInAt, desk, companyId } = await signedInDesk();
    const tablet = await signInAt('192.0.2.1', 'Tablet');
    const laptop = await signInAt('192.0.2.2', 'Laptop');
    const phone = await signInAt('192.0.2.3', 'Phone');
    await signOut(suite.db, settings, tablet.token);
    await expect(sessionFromToken(suite.db, settings, tablet.token)).rejects.toMatchObject({ code: 'invalid_session' });
    expect((await openSessions(suite.db, settings, desk.id)).map((s) => s.user_agent).sort()).toEqual(['Laptop', 'Phone']);

    const { actor } = await sessionFromToken(suite.db, settings, laptop.token);
    clock.advance(1000);
    expect(await signOutEverywhere(suite.db, settings, actor)).toBe(2);
    for (const token of [laptop.token, phone.token]) await expect(sessionFromToken(suite.db, settings, token)).rejects.toMatchObject({ code: 'invalid_session' });
    expect(await openSessions(suite.db, settings, desk.id)).toEqual([]);
    expect((await auditLog(suite.db, companyId))[0]).toMatchObject({ action: 'signed_out_everywhere', actor_account_id: desk.id, target_account_id: desk.id });
  });

  it('gives the session’s actor its role and locations, so the location rule of the services applies', async () => {
    const { signInAt, desk, north, nina, sam } = await signedInDesk();
    const { token } = await signInAt('192.0.2.1', 'Tablet');
    const { actor } = await sessionFromToken(suite.db, settings, token);
    expect(actor).toMatchObject({ identity: { kind: 'staff_user', staffUserId: desk.id, role: 'front_desk' }, locationIds: [north] });
    await expect(getContact(suite.db, actor, nina)).resolves.toMatchObject({ first_name: 'Nina' });
    await expect(getContact(suite.db, actor, sam)).rejects.toMatchObject({
      code: 'location_not_allowed',
      status: 403,
      message: 'This contact is outside the locations this staff account may act on.',
    });
  });

  it('refuses an unknown token as it refuses a signed-out one', async () => {
    await expect(sessionFromToken(suite.db, settings, 'A'.repeat(43))).rejects.toMatchObject({ code: 'invalid_session' });
  });
});
