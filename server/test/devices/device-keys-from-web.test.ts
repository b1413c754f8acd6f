import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffDeviceKey, listStaffKeys } from '../../src/modules/keys/staff-keys.js';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { clockAt, deskStudio, password, refusal } from '../web/desk/desk-studio.js';

const at = clockAt(Date.parse('2031-03-04T14:00:00.000Z'));

/** Issue 29, the Devices page's "Create device key": as the Developers page's keys, for one device at one location. */
describe.each(dialects)('device keys from the web app (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(async () => f.close());

  it("mints a key bound to the device, with the password again and an audit entry, listed with its device; it reports that device's heartbeat only", async () => {
    const s = await deskStudio(f);
    const { key, secret } = await createStaffDeviceKey(f.db, s.manager, { password, location_id: s.site, device_id: 'side-gate', kind: 'turnstile' }, at);
    expect(key).toMatchObject({ device: { id: 'side-gate', kind: 'turnstile' }, location_ids: [s.site], scopes: ['checkin:members'], last4: secret.slice(-4) });
    expect((await listStaffKeys(f.db, s.owner)).find((listed) => listed.id === key.id)?.device).toEqual({ id: 'side-gate', kind: 'turnstile' });
    const audit = (await auditLog(f.db, f.acme.id)).find((entry) => entry.action === 'device_key_created');
    expect(JSON.parse(audit!.details!)).toMatchObject({ key_id: key.id, device: { id: 'side-gate', kind: 'turnstile' } });
    expect(JSON.stringify(audit)).not.toContain(secret);
    const beat = (deviceId: string) =>
      f.request('POST', '/v1/devices/heartbeat', {
        key: secret,
        body: {
          location_id: s.site,
          device_id: deviceId,
          agent_version: '0.1.0',
          status: 'ok',
          sent_at: '2031-03-04T14:00:00.000Z',
          devices: [],
          outbox: { pending: 0, rejected: 0, oldest_pending_at: null },
          cache: { synced_at: null, age_s: null, max_age_s: 86_400, stale: true },
          last_scan_at: null,
          kiosk: null,
        },
      });
    expect((await beat('side-gate')).status).toBe(200);
    expect((await beat('front-gate')).body.error).toMatchObject({ code: 'device_only', param: 'device_id' });
  });

  it('refuses the front desk, a manager elsewhere, a wrong password, and a second kind for one device', async () => {
    const s = await deskStudio(f);
    const body = { password, location_id: s.site, device_id: 'desk-gate', kind: 'turnstile' as const };
    expect(await refusal(createStaffDeviceKey(f.db, s.desk, body, at))).toMatchObject({ code: 'role_not_allowed' });
    expect(await refusal(createStaffDeviceKey(f.db, s.manager, { ...body, location_id: s.elsewhere }, at))).toMatchObject({ code: 'location_not_allowed' });
    expect(await refusal(createStaffDeviceKey(f.db, s.owner, { ...body, password: 'not the password at all' }, at))).toMatchObject({ code: 'invalid_credentials' });
    await createStaffDeviceKey(f.db, s.owner, body, at);
    expect(await refusal(createStaffDeviceKey(f.db, s.owner, { ...body, kind: 'desk_reader' }, at))).toMatchObject({ code: 'invalid_param' });
  });
});
