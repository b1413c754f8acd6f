import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate } from '@studio/server/src/plugins/auth.js';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxDeviceKey, frontDeskReaderKey, frontDoorKey, retireFormerFrontDoor } from '../src/one-box-keys.js';

describe.each(dialects)('the one box device keys (%s)', (dialect) => {
  let f: Fixture;
  const dir = mkdtempSync(join(tmpdir(), 'studio-box-keys-'));
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(async () => {
    await f.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const deviceOf = (key: string) =>
    authenticate(f.db, `Bearer ${key}`).then(
      (auth) => auth.device,
      () => 'refused',
    );

  it('mints the front door and desk reader keys once, kept (mode 600) while they still fit, and again for a moved box', async () => {
    const door = frontDoorKey(join(dir, 'agent-key'));
    const desk = frontDeskReaderKey(join(dir, 'desk-reader-key'));
    const doorKey = await boxDeviceKey(f.db, f.acme.id, f.acme.us.id, door);
    const deskKey = await boxDeviceKey(f.db, f.acme.id, f.acme.us.id, desk);
    expect(await deviceOf(doorKey)).toEqual({ id: 'front-door', kind: 'turnstile' });
    expect(await deviceOf(deskKey)).toEqual({ id: 'front-door:front-desk-reader', kind: 'desk_reader' });
    expect(statSync(desk.file).mode & 0o777).toBe(0o600);
    expect(await boxDeviceKey(f.db, f.acme.id, f.acme.us.id, desk)).toBe(deskKey);

    const moved = await boxDeviceKey(f.db, f.acme.id, f.acme.gb.id, desk);
    expect(moved).not.toBe(deskKey);
    expect(readFileSync(desk.file, 'utf8').trim()).toBe(moved);
    expect(await deviceOf(deskKey)).toBe('refused');
  });

  it("retires the front door's former id: its key revoked, its last report gone from the Devices page", async () => {
    const former = await f.mintDevice('one-box-front-desk', 'turnstile');
    const report = { company_id: f.acme.id, location_id: f.acme.us.id, received_at: '2026-03-02T10:00:00.000Z', agent_version: '0.1.0', report: '{}' };
    await f.db.run(
      f.db.qb.insertInto('device_heartbeats').values([
        { ...report, device_id: 'one-box-front-desk' },
        { ...report, device_id: 'north-gate' },
      ]),
    );
    await retireFormerFrontDoor(f.db, f.acme.id);
    expect(await deviceOf(former)).toBe('refused');
    const left = await f.db.all(f.db.qb.selectFrom('device_heartbeats').select('device_id').where('company_id', '=', f.acme.id));
    expect(left.map((row) => row.device_id)).toEqual(['north-gate']);
  });
});
