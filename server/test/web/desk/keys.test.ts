import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffKey, listStaffKeys, revokeStaffKey } from '../../../src/modules/keys/staff-keys.js';
import { auditLog } from '../../../src/modules/staff-accounts/audit.js';
import { clockAt, deskStudio, password, refusal } from './desk-studio.js';

const at = clockAt(Date.parse('2031-03-04T14:00:00.000Z'));

async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out waiting');
}

/** Issue 17, Settings -> Developers: API keys from the web app, with the password again and the CLI's rules. */
describe.each(dialects)('API keys from the web app (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(async () => f.close());

  it('creates a key that authenticates, records when it was used, and refuses it from the next request once revoked', async () => {
    const s = await deskStudio(f);
    const { key, secret } = await createStaffKey(f.db, s.owner, { password, name: 'Door agent', scopes: ['checkin:members'], location_ids: null }, at);
    expect(key).toMatchObject({ name: 'Door agent', scopes: ['checkin:members'], location_ids: null, last_used_at: null, revoked_at: null, last4: secret.slice(-4) });
    expect((await f.request('GET', '/v1/ping', { key: secret })).status).toBe(200);
    const used = await until(async () => (await listStaffKeys(f.db, s.owner)).find((k) => k.id === key.id && k.last_used_at !== null));
    expect(Date.parse(used.last_used_at!)).not.toBeNaN();
    // Used again within the minute: the time stays as written (no write per request).
    expect((await f.request('GET', '/v1/ping', { key: secret })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await listStaffKeys(f.db, s.owner)).find((k) => k.id === key.id)!.last_used_at).toBe(used.last_used_at);

    expect(await refusal(revokeStaffKey(f.db, s.owner, key.id, 'not the password at all', at))).toMatchObject({ code: 'invalid_credentials' });
    expect((await f.request('GET', '/v1/ping', { key: secret })).status).toBe(200);
    const revoked = await revokeStaffKey(f.db, s.owner, key.id, password, at);
    expect(revoked.revoked_at).not.toBeNull();
    expect(await f.request('GET', '/v1/ping', { key: secret })).toMatchObject({ status: 401, body: { error: { code: 'invalid_api_key' } } });
    const log = (await auditLog(f.db, f.acme.id)).filter((entry) => entry.details?.includes(key.id));
    expect(log.map((entry) => [entry.action, entry.actor_account_id])).toEqual(
      expect.arrayContaining([
        ['api_key_created', s.owner.identity.kind === 'staff_user' ? s.owner.identity.staffUserId : ''],
        ['api_key_revoked', s.owner.identity.kind === 'staff_user' ? s.owner.identity.staffUserId : ''],
      ]),
    );
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it('refuses a wrong password and creates nothing', async () => {
    const s = await deskStudio(f);
    const before = (await listStaffKeys(f.db, s.owner)).length;
    expect(await refusal(createStaffKey(f.db, s.owner, { password: 'a wrong but long password', name: 'Nope', scopes: ['checkin:members'], location_ids: null }, at))).toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await listStaffKeys(f.db, s.owner)).length).toBe(before);
  });

  it('limits a manager to keys of its own locations and refuses the front desk', async () => {
    const s = await deskStudio(f);
    const create = (actor: typeof s.owner, locations: string[] | null) => createStaffKey(f.db, actor, { password, name: 'Kiosk', scopes: ['checkin:members'], location_ids: locations }, at);
    expect(await refusal(create(s.manager, null))).toMatchObject({ code: 'location_not_allowed' });
    expect(await refusal(create(s.manager, [s.site, s.elsewhere]))).toMatchObject({ code: 'location_not_allowed' });
    const own = await create(s.manager, [s.site]);
    expect(own.key.location_ids).toEqual([s.site]);
    const everywhere = await create(s.owner, null);
    const listed = (await listStaffKeys(f.db, s.manager)).map((k) => k.id);
    expect(listed).toContain(own.key.id);
    expect(listed).not.toContain(everywhere.key.id);
    expect(await refusal(revokeStaffKey(f.db, s.manager, everywhere.key.id, password, at))).toMatchObject({ code: 'location_not_allowed' });
    expect(await refusal(create(s.desk, [s.site]))).toMatchObject({ code: 'role_not_allowed' });
    expect(await refusal(listStaffKeys(f.db, s.desk))).toMatchObject({ code: 'role_not_allowed' });
    expect(await refusal(revokeStaffKey(f.db, s.desk, own.key.id, password, at))).toMatchObject({ code: 'role_not_allowed' });
  });
});
