import type { DeviceHeartbeatRequest, DeviceList } from '@studio/shared';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactState, lostAfterS, staleAfterS } from '../../src/modules/devices/heartbeats.js';
import { createDeviceKey, createKey } from '../../src/modules/keys/repository.js';
import { webStudio } from '../web/web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;

const heartbeat = (locationId: string, deviceId: string, overrides: Partial<DeviceHeartbeatRequest> = {}): DeviceHeartbeatRequest => ({
  location_id: locationId,
  device_id: deviceId,
  agent_version: '0.1.0',
  status: 'ok',
  sent_at: '2026-06-01T09:00:00.000Z',
  devices: [
    { id: 'gate-reader', kind: 'reader', driver: 'hid-wedge', state: 'ok', since: '2026-06-01T08:00:00.000Z', last_error: null, last_event_at: '2026-06-01T08:59:00.000Z', reconnects: 0, hint: null },
    { id: 'gate-relay', kind: 'relay', driver: 'lcus', state: 'down', since: '2026-06-01T08:30:00.000Z', last_error: 'ENOENT', last_event_at: null, reconnects: 3, hint: null },
  ],
  outbox: { pending: 2, rejected: 0, oldest_pending_at: '2026-06-01T08:58:00.000Z' },
  cache: { synced_at: '2026-06-01T08:59:30.000Z', age_s: 30, max_age_s: 86_400, stale: false },
  last_scan_at: '2026-06-01T08:59:00.000Z',
  kiosk: null,
  ...overrides,
});

describe('the state of an agent by its silence', () => {
  it('is online under two minutes, stale under ten, lost after', () => {
    expect([0, staleAfterS - 1, staleAfterS, lostAfterS - 1, lostAfterS, 86_400].map(contactState)).toEqual(['online', 'online', 'stale', 'stale', 'lost', 'lost']);
    expect([staleAfterS, lostAfterS]).toEqual([120, 600]);
  });
});

describe.each(dialects)('device heartbeats and GET /app/api/devices (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  /** Each device's own key (issue 29: a device reports its own heartbeat only). */
  const deviceKeys = new Map<string, string>();
  const keyOf = async (deviceId: string, location = s.studio.north) => {
    if (!deviceKeys.has(deviceId)) deviceKeys.set(deviceId, (await createDeviceKey(suite.db, { companyId: s.studio.companyId, locationId: location, deviceId, kind: 'turnstile' })).key);
    return deviceKeys.get(deviceId)!;
  };
  beforeAll(async () => {
    s = await webStudio(suite.db);
  }, 60_000);
  afterAll(() => s.app.close());

  const send = (key: string, body: unknown) => s.app.inject({ method: 'POST', url: '/v1/devices/heartbeat', headers: { authorization: `Bearer ${key}` }, payload: body as object });
  /** A heartbeat sent with its own device's key. */
  const beat = async (body: DeviceHeartbeatRequest) => send(await keyOf(body.device_id, body.location_id === s.studio.south ? s.studio.south : s.studio.north), body);
  const devicesAt = async (location: string, as?: string) => {
    const browser = await s.signIn(as ?? 'olive@alder.example');
    const response = await s.send({ method: 'GET', url: `/app/api/devices?location_id=${location}`, as: browser });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeviceList>();
  };

  it("keeps each device's latest report with the server's receive time, and judges it by the app's clock", async () => {
    const first = await beat(heartbeat(s.studio.north, 'north-gate'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ device_id: 'north-gate', received_at: new Date(s.clock.now()).toISOString() });
    s.clock.advance(30_000);
    expect((await beat(heartbeat(s.studio.north, 'north-gate', { agent_version: '0.2.0', outbox: { pending: 0, rejected: 1, oldest_pending_at: null } }))).statusCode).toBe(200);
    expect((await beat(heartbeat(s.studio.north, 'north-desk', { devices: [] }))).statusCode).toBe(200);
    const contact = new Date(s.clock.now()).toISOString();

    const now = await devicesAt(s.studio.north);
    expect(now).toMatchObject({ as_of: contact, stale_after_s: 120, lost_after_s: 600 });
    expect(now.data.map((d) => [d.device_id, d.state, d.silent_s, d.agent_version, d.last_contact_at])).toEqual([
      ['north-desk', 'online', 0, '0.1.0', contact],
      ['north-gate', 'online', 0, '0.2.0', contact],
    ]);
    const gate = now.data.find((d) => d.device_id === 'north-gate')!;
    expect(gate.outbox).toEqual({ pending: 0, rejected: 1, oldest_pending_at: null });
    expect(gate.devices.map((d) => [d.id, d.state, d.reconnects])).toEqual([
      ['gate-reader', 'ok', 0],
      ['gate-relay', 'down', 3],
    ]);
    expect(gate.cache).toEqual({ synced_at: '2026-06-01T08:59:30.000Z', age_s: 30, max_age_s: 86_400, stale: false });
    expect(gate.last_scan_at).toBe('2026-06-01T08:59:00.000Z');

    // The desk goes quiet: stale after two minutes, lost after ten; the gate keeps reporting.
    s.clock.advance(150_000);
    await beat(heartbeat(s.studio.north, 'north-gate'));
    expect((await devicesAt(s.studio.north)).data.map((d) => [d.device_id, d.state, d.silent_s])).toEqual([
      ['north-desk', 'stale', 150],
      ['north-gate', 'online', 0],
    ]);
    s.clock.advance(500_000);
    expect((await devicesAt(s.studio.north)).data.map((d) => [d.device_id, d.state])).toEqual([
      ['north-desk', 'lost'],
      ['north-gate', 'stale'],
    ]);
    // It is back with its next heartbeat.
    await beat(heartbeat(s.studio.north, 'north-desk'));
    expect((await devicesAt(s.studio.north)).data.find((d) => d.device_id === 'north-desk')?.state).toBe('online');
  });

  it("lists a location's agents only, for the front desk of that location too", async () => {
    expect((await beat(heartbeat(s.studio.south, 'south-gate'))).statusCode).toBe(200);
    expect((await devicesAt(s.studio.south)).data.map((d) => d.device_id)).toEqual(['south-gate']);
    expect((await devicesAt(s.studio.north, 'dee@alder.example')).data.map((d) => d.device_id)).toEqual(['north-desk', 'north-gate']);
  });

  it("refuses a location the key may not act on, another company's, and a device id reporting elsewhere", async () => {
    const gate = await keyOf('north-gate');
    const refused = await send(gate, heartbeat(s.studio.south, 'north-gate'));
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'location_not_allowed']);
    const missing = await send(gate, heartbeat(s.other.north, 'north-gate'));
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'resource_missing']);
    // A device key bound at North, for a device id that reports for South, may not take its row over.
    const taken = await send(await keyOf('moved-gate'), heartbeat(s.studio.north, 'moved-gate'));
    expect(taken.statusCode).toBe(200);
    await suite.db.run(suite.db.qb.updateTable('device_heartbeats').set({ location_id: s.studio.south }).where('device_id', '=', 'moved-gate'));
    const overwritten = await send(await keyOf('moved-gate'), heartbeat(s.studio.north, 'moved-gate'));
    expect([overwritten.statusCode, overwritten.json().error.code, overwritten.json().error.param]).toEqual([403, 'location_not_allowed', 'device_id']);
    expect((await devicesAt(s.studio.south)).data.map((d) => d.device_id)).toEqual(['moved-gate', 'south-gate']);
  });

  it("refuses another device's heartbeat from a device key, and any from an API key: the Devices page keeps the device's own state", async () => {
    await send(await keyOf('quiet-gate'), heartbeat(s.studio.north, 'quiet-gate', { status: 'failing' }));
    s.clock.advance(700_000);
    const before = (await devicesAt(s.studio.north)).data.find((d) => d.device_id === 'quiet-gate')!;
    expect([before.state, before.status]).toEqual(['lost', 'failing']);
    const otherGate = await send(await keyOf('north-gate'), heartbeat(s.studio.north, 'quiet-gate'));
    expect([otherGate.statusCode, otherGate.json().error.code, otherGate.json().error.param]).toEqual([403, 'device_only', 'device_id']);
    const anyKey = (await createKey(suite.db, { companyId: s.studio.companyId, scopes: ['checkin:members'], locationIds: [s.studio.north] })).key;
    const plain = await send(anyKey, heartbeat(s.studio.north, 'quiet-gate'));
    expect([plain.statusCode, plain.json().error.code]).toEqual([403, 'device_only']);
    expect((await devicesAt(s.studio.north)).data.find((d) => d.device_id === 'quiet-gate')).toEqual(before);
  });

  it('takes health, counts and times only: an unknown field (a key, a card number) is refused', async () => {
    for (const extra of [{ api_key: 'alder1_sk_live_x' }, { identifier: '3000000077' }]) {
      const response = await send(await keyOf('north-gate'), { ...heartbeat(s.studio.north, 'north-gate'), ...extra });
      expect(response.statusCode).toBe(400);
    }
    const row = await suite.db.first(suite.db.qb.selectFrom('device_heartbeats').select('report').where('device_id', '=', 'north-gate'));
    expect(Object.keys(JSON.parse(row!.report)).sort()).toEqual(['cache', 'devices', 'kiosk', 'last_scan_at', 'outbox', 'sent_at', 'status']);
  });

  it("is an agent's report: no staff session may send one", async () => {
    for (const email of ['olive@alder.example', 'mark@alder.example', 'dee@alder.example']) {
      const browser = await s.signIn(email);
      const response = await s.send({ method: 'POST', url: '/app/api/v1/devices/heartbeat', as: browser, body: heartbeat(s.studio.north, 'north-gate') });
      expect([response.statusCode, response.json<{ error: { code: string } }>().error.code]).toEqual([403, 'device_only']);
    }
  });
});
