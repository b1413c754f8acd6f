import { startFixture, type Fixture } from '../server/fixture.js';
import { memberBuilder } from '../server/members.js';
import { SwitchableProxy } from './switchable-proxy.js';

/**
 * The real API server (in-process Fastify on a SQLite file in a temp folder, the server's own test
 * fixture) behind a switchable proxy, with a key scoped to check-in at the Brooklyn location.
 */
export async function startStudioServer() {
  const f: Fixture = await startFixture('sqlite');
  const build = memberBuilder(f);
  const address = await f.app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = new SwitchableProxy(new URL(address));
  await proxy.up();
  const locationId = f.acme.us.id;
  const apiKey = await f.mint({ scopes: ['checkin:members'], locations: [locationId] });

  /** Visits the server holds for a membership. */
  const visitsOf = (membershipId: string) => f.db.all(f.db.qb.selectFrom('visits').select(['id', 'offline', 'flags', 'checked_in_at', 'device_id']).where('membership_id', '=', membershipId));

  return {
    f,
    build,
    proxy,
    locationId,
    apiKey,
    visitsOf,
    async close() {
      await proxy.close();
      await f.close();
    },
  };
}

export type StudioServer = Awaited<ReturnType<typeof startStudioServer>>;
