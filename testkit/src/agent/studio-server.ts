import type { DeviceKind } from '@studio/shared';
import { startFixture, type Fixture } from '../server/fixture.js';
import { memberBuilder } from '../server/members.js';
import { SwitchableProxy } from './switchable-proxy.js';

/**
 * The real API server (in-process Fastify on a SQLite file in a temp folder, the server's own test
 * fixture) behind a switchable proxy, with the device key of the test agent's default device
 * (`gate-1`, a turnstile at the Brooklyn location); `deviceKey` mints one for another device.
 */
export async function startStudioServer() {
  const f: Fixture = await startFixture('sqlite');
  const build = memberBuilder(f);
  const address = await f.app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = new SwitchableProxy(new URL(address));
  await proxy.up();
  const locationId = f.acme.us.id;
  const apiKey = await f.deviceKey('gate-1', 'turnstile', locationId);
  /** The device key of an agent's device at the location (issue 29: its check-ins, voids, desk scans and heartbeats go with it). */
  const deviceKey = (deviceId: string, kind: DeviceKind = 'turnstile') => f.deviceKey(deviceId, kind, locationId);

  /** Visits the server holds for a membership. */
  const visitsOf = (membershipId: string) => f.db.all(f.db.qb.selectFrom('visits').select(['id', 'offline', 'flags', 'checked_in_at', 'device_id']).where('membership_id', '=', membershipId));

  return {
    f,
    build,
    proxy,
    locationId,
    apiKey,
    deviceKey,
    visitsOf,
    async close() {
      await proxy.close();
      await f.close();
    },
  };
}

export type StudioServer = Awaited<ReturnType<typeof startStudioServer>>;
