import { createStudioClient, type StudioClient } from '@studio/shared/client';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { memberBuilder } from '@studio/testkit/server/members';
import { DateTime } from 'luxon';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EligibilityCache } from '../../src/eligibility/cache.js';
import { syncFeed } from '../../src/eligibility/feed-sync.js';
import { findCached } from '../../src/eligibility/lookup.js';
import { GateStore } from '../../src/gate/gate-store.js';
import { decideOffline } from '../../src/gate/offline-decision.js';
import { ServerContact } from '../../src/link/server-contact.js';
import { openAgentDatabase } from '../../src/store/database.js';

/** The cache and the visit outbox on one database, as the agent opens them. */
function openStore(path: string) {
  const db = openAgentDatabase(path);
  return { db, cache: new EligibilityCache(db), outbox: new GateStore(db).outbox, close: () => db.close() };
}

interface Case {
  name: string;
  identifier: string;
  location: string;
}

/**
 * Issue 14, 4c: for every reason the server can answer, the agent's offline decision after a feed
 * sync is the online one (server resolve, and check-in for the member it admits), on each database.
 */
describe.each(dialects)('the offline decision equals the online answer for every reason (%s)', (dialect) => {
  let f: Fixture;
  let client: StudioClient;
  const cases: Case[] = [];
  const stores = new Map<string, ReturnType<typeof openStore>>();

  beforeAll(async () => {
    f = await startFixture(dialect);
    const build = memberBuilder(f);
    const address = await f.app.listen({ port: 0, host: '127.0.0.1' });
    client = createStudioClient({ baseUrl: `${address}/v1`, apiKey: f.keys.all, retries: 0 });
    const blocking = { checkin_alerts: { past_due: 'block', no_card: 'block', form_missing: 'block' } };
    const site = await build.location(blocking);
    const closed = await build.location({ ...blocking, access_hours: {} });
    const elsewhere = await build.location();
    // Dates relative to now, days away, so the local date in any zone is on the same side.
    const day = (offset: number) => DateTime.utc().plus({ days: offset }).toISODate()!;
    let n = 0;
    const card = () => String(3_300_000_000 + n++ * 7919);
    const member = async (name: string, options: Parameters<typeof build.member>[0] = {}, location = site) => {
      const value = card();
      const built = await build.member({ locationId: location, cards: [{ value }], ...options });
      cases.push({ name, identifier: value, location });
      return { ...built, card: value };
    };

    await member('valid');
    cases.push({ name: 'unknown card', identifier: card(), location: site });
    const revoked = await member('revoked card');
    await build.revokeMemberCard(revoked.cardIds[0]!);
    await member('not started', { startDate: day(10) });
    await member('pending', { status: 'pending' });
    await member('expired by status', { status: 'expired' });
    await member('ended by date', { startDate: day(-60), endDate: day(-10) });
    await member('cancelled', { status: 'cancelled' });
    await member('paused', { status: 'paused' });
    await member('past due', { status: 'past_due' });
    const used = await member('no visits remaining', { package: { credits: 1 } });
    expect((await f.request('POST', '/v1/members/check-in', { body: { membership_id: used.membershipId, location_id: site } })).status).toBe(201);
    const onlyElsewhere = await build.plan({ locationId: elsewhere, accessLocationIds: [elsewhere] });
    await member('member of another location the plan does not admit here', { planId: onlyElsewhere }, elsewhere);
    const notHere = await build.plan({ locationId: site, accessLocationIds: [elsewhere] });
    await member('member here whose plan admits only elsewhere', { planId: notHere });
    await member('cancelled elsewhere, not admitted here', { planId: onlyElsewhere, status: 'cancelled' }, elsewhere);
    cases.push({ name: 'no card', identifier: 'NOCARD-1', location: site });
    await build.member({ locationId: site, code: 'NOCARD-1' });
    // Door entries on this pack use nothing (online they are recorded uncounted): the two offline
    // door visits the agent has not delivered yet must not use up its one credit offline either.
    const freeDoor = await member('pack whose door entries use nothing, offline door visits pending', { package: { credits: 1, doorCheckinConsumes: 'nothing' } });
    await member('form missing', { formSigned: false });
    await member('outside access hours', {}, closed);
    // Every case belongs to one of these two agents' locations.
    for (const [i, c] of cases.entries()) if (c.location === elsewhere) cases[i] = { ...c, location: site };
    for (const location of [site, closed]) {
      const store = openStore(':memory:');
      await syncFeed({
        server: client.members,
        cache: store.cache,
        contact: new ServerContact(() => new Date()),
        locationId: location,
        pageLimit: 5,
        logger: pino({ level: 'silent' }),
        now: () => new Date(),
      });
      stores.set(location, store);
    }
    for (const key of ['door-1', 'door-2']) {
      const entry = { idempotency_key: key, membership_id: freeDoor.membershipId, location_id: site, device_id: 'door', checked_in_at: new Date().toISOString(), online_attempted: false };
      stores.get(site)!.outbox.add(entry, new Date());
    }
  });
  afterAll(async () => {
    for (const store of stores.values()) store.close();
    await client?.close();
    await f?.close();
  });

  it('answers the same reason offline as online, case by case', async () => {
    const reasons = new Set<string | null>();
    for (const c of cases) {
      const online = await client.members.resolve({ identifier: c.identifier, location_id: c.location });
      const store = stores.get(c.location)!;
      const now = new Date();
      const offline = decideOffline(store, findCached(store.cache, c.identifier), c.identifier, { maxCacheAgeS: 3600, staffIdentifiers: [] }, now);
      expect({ case: c.name, granted: offline.granted, reason: offline.reason }).toEqual({ case: c.name, granted: online.valid_for_checkin, reason: online.reason });
      reasons.add(online.reason);
      if (online.valid_for_checkin) {
        const { data: visit } = await client.members.checkIn({ identifier: c.identifier, location_id: c.location });
        expect(visit.membership_id).toBe(online.membership_id);
      } else {
        const refused = await f.request('POST', '/v1/members/check-in', { body: { identifier: c.identifier, location_id: c.location } });
        expect(refused.status, c.name).toBe(refused.body.error?.code === 'member_not_found' ? 404 : 422);
        const reason = refused.body.error.code === 'member_not_found' ? 'not_found' : refused.body.error.reasons[0];
        expect(reason, c.name).toBe(offline.reason);
      }
    }
    // Every reason of the rules is covered (the feed's own cases, not a list typed here twice).
    expect([...reasons].sort()).toEqual(
      [null, 'cancelled', 'expired', 'form_missing', 'location_not_allowed', 'no_card', 'no_visits_remaining', 'not_found', 'not_started', 'outside_access_hours', 'past_due', 'paused'].sort(),
    );
  });
});
