import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { changeAccess, createAccount, disableAccount, listAccounts } from '../../src/modules/staff-accounts/accounts.js';
import { staffActor } from '../../src/modules/staff-accounts/roles.js';
import { sessionFromToken } from '../../src/modules/staff-accounts/sessions.js';
import { signIn } from '../../src/modules/staff-accounts/sign-in.js';
import { actorFromAuth } from '../../src/domain/actor.js';
import { handClock, testSettings, twoLocationStudio } from './studio.js';

const password = 'a long enough passphrase';

describe.each(dialects)('managing staff accounts on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const clock = handClock();
  const settings = testSettings(clock.now);

  /** A studio with an owner, a manager of north and a front desk of north, as actors. */
  async function staffedStudio() {
    const studio = await twoLocationStudio(suite.db);
    const make = (email: string, role: 'owner' | 'manager' | 'front_desk', by = studio.business) =>
      createAccount(suite.db, settings, by, { email, displayName: email.split('@')[0]!, role, locationIds: role === 'owner' ? undefined : [studio.north], password });
    const owner = staffActor({ ...(await make('owner@alder.example', 'owner')), location_ids: null });
    const managerAccount = await make('manager@alder.example', 'manager');
    const deskAccount = await make('desk@alder.example', 'front_desk');
    const asActor = (account: typeof managerAccount) => staffActor({ ...account, location_ids: JSON.stringify(account.location_ids) });
    return { ...studio, owner, manager: asActor(managerAccount), managerAccount, desk: asActor(deskAccount), deskAccount };
  }

  it('lets an owner create any role, refusing an email taken in any case and a short password', async () => {
    const { owner, south } = await staffedStudio();
    clock.advance(1000);
    const account = await createAccount(suite.db, settings, owner, { email: 'Mo@Alder.example', displayName: 'Mo', role: 'manager', locationIds: [south], password });
    expect(account).toMatchObject({ email: 'mo@alder.example', role: 'manager', location_ids: [south] });
    await expect(createAccount(suite.db, settings, owner, { email: 'MO@alder.example', displayName: 'Mo 2', role: 'front_desk', locationIds: [south], password })).rejects.toMatchObject({
      code: 'email_taken',
    });
    await expect(createAccount(suite.db, settings, owner, { email: 'new@alder.example', displayName: 'New', role: 'owner', password: 'too short' })).rejects.toMatchObject({
      code: 'password_too_weak',
      param: 'password',
    });
    const [entry] = await auditLog(suite.db, owner.companyId);
    expect(entry).toMatchObject({ action: 'account_created', actor_account_id: (owner.identity as { staffUserId: string }).staffUserId, target_account_id: account.id });
  });

  it('lets a manager create front-desk accounts at its own locations only', async () => {
    const { manager, north, south } = await staffedStudio();
    await expect(createAccount(suite.db, settings, manager, { email: 'fd@alder.example', displayName: 'Fd', role: 'front_desk', locationIds: [north], password })).resolves.toMatchObject({
      role: 'front_desk',
    });
    await expect(createAccount(suite.db, settings, manager, { email: 'o2@alder.example', displayName: 'O2', role: 'owner', password })).rejects.toMatchObject({
      code: 'role_not_allowed',
      status: 403,
    });
    await expect(createAccount(suite.db, settings, manager, { email: 'm2@alder.example', displayName: 'M2', role: 'manager', locationIds: [north], password })).rejects.toMatchObject({
      code: 'role_not_allowed',
    });
    await expect(createAccount(suite.db, settings, manager, { email: 'fd2@alder.example', displayName: 'Fd2', role: 'front_desk', locationIds: [north, south], password })).rejects.toMatchObject({
      code: 'location_not_allowed',
    });
  });

  it('refuses the front desk and API keys any account change', async () => {
    const { desk, north, managerAccount, companyId } = await staffedStudio();
    await expect(createAccount(suite.db, settings, desk, { email: 'x@alder.example', displayName: 'X', role: 'front_desk', locationIds: [north], password })).rejects.toMatchObject({
      code: 'role_not_allowed',
    });
    await expect(disableAccount(suite.db, settings, desk, managerAccount.id)).rejects.toMatchObject({ code: 'role_not_allowed' });
    const key = actorFromAuth({ keyId: 'k1', companyId, environment: 'live', scopes: [], locationIds: null });
    await expect(createAccount(suite.db, settings, key, { email: 'y@alder.example', displayName: 'Y', role: 'front_desk', locationIds: [north], password })).rejects.toMatchObject({
      code: 'role_not_allowed',
    });
  });

  it('disables an account: its sessions end at once and it cannot sign in; recorded with who did it', async () => {
    const { owner, deskAccount, companyId } = await staffedStudio();
    const session = await signIn(suite.db, settings, { companyId, email: 'desk@alder.example', password, address: '192.0.2.1' });
    clock.advance(1000);
    await disableAccount(suite.db, settings, owner, deskAccount.id);
    await expect(sessionFromToken(suite.db, settings, session.token)).rejects.toMatchObject({ code: 'invalid_session' });
    await expect(signIn(suite.db, settings, { companyId, email: 'desk@alder.example', password, address: '192.0.2.1' })).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect((await auditLog(suite.db, companyId))[0]).toMatchObject({
      action: 'account_disabled',
      actor_name: 'owner',
      target_account_id: deskAccount.id,
      details: JSON.stringify({ sessions_ended: 1 }),
    });
  });

  it('changes role and locations from the next request, keeping one active owner', async () => {
    const { owner, manager, deskAccount, companyId, north, south, sam } = await staffedStudio();
    const session = await signIn(suite.db, settings, { companyId, email: 'desk@alder.example', password, address: '192.0.2.1' });
    await expect(changeAccess(suite.db, settings, manager, deskAccount.id, { role: 'front_desk', locationIds: [south] })).rejects.toMatchObject({ code: 'location_not_allowed' });
    await changeAccess(suite.db, settings, owner, deskAccount.id, { role: 'front_desk', locationIds: [north, south] });
    const { actor } = await sessionFromToken(suite.db, settings, session.token);
    expect(actor.locationIds).toEqual([north, south]);
    const { getContact } = await import('../../src/modules/contacts/service.js');
    await expect(getContact(suite.db, actor, sam)).resolves.toMatchObject({ first_name: 'Sam' });
    // The only owner may not demote or disable itself.
    const ownerId = (owner.identity as { staffUserId: string }).staffUserId;
    await expect(changeAccess(suite.db, settings, owner, ownerId, { role: 'manager', locationIds: [north] })).rejects.toMatchObject({ code: 'role_not_allowed' });
    await expect(disableAccount(suite.db, settings, owner, ownerId)).rejects.toMatchObject({ code: 'role_not_allowed' });
  });

  it('shows a manager the accounts of its locations, an owner all, the front desk none', async () => {
    const { owner, manager, desk, south } = await staffedStudio();
    await expect(listAccounts(suite.db, desk)).rejects.toMatchObject({ code: 'role_not_allowed' });
    await createAccount(suite.db, settings, owner, { email: 'south@alder.example', displayName: 'South desk', role: 'front_desk', locationIds: [south], password });
    expect((await listAccounts(suite.db, owner)).map((a) => a.email).sort()).toEqual(['desk@alder.example', 'manager@alder.example', 'owner@alder.example', 'south@alder.example']);
    expect((await listAccounts(suite.db, manager)).map((a) => a.email).sort()).toEqual(['desk@alder.example', 'manager@alder.example']);
  });

  it('does not reach accounts of another company', async () => {
    const first = await staffedStudio();
    const second = await staffedStudio();
    await expect(disableAccount(suite.db, settings, first.owner, second.deskAccount.id)).rejects.toMatchObject({ code: 'resource_missing' });
  });
});
