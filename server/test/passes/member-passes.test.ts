import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { checkPass, passPayload, passStep, readPass } from '@studio/shared/pass';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types.js';
import { memberActor, memberAtLocation, systemActor } from '../../src/domain/actor.js';
import { eligibilityFeed } from '../../src/modules/members/feed.js';
import { sellMembership } from '../../src/modules/memberships/sell.js';
import { memberPassStatus, openMemberPass, revokeMemberPass } from '../../src/modules/passes/member-passes.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { CursorCodec } from '../../src/pagination/cursor.js';
import { handClock } from '../staff-accounts/studio.js';

const cursors = new CursorCodec('a test cursor secret of enough length');
const bytes = (key: string) => new Uint8Array(Buffer.from(key, 'base64url'));
let studios = 0;

/** A studio whose member Pia holds a membership with no card and no member code, and Max one with a code. */
async function passStudio(db: Db) {
  studios += 1;
  const imported = await importBusiness(db, {
    version: 1,
    company: { name: `Pass Studio ${studios}`, key_prefix: `pass${studios}` },
    locations: [{ ref: 'north', name: 'North', slug: 'north', timezone: 'Europe/London', country: 'GB' }],
    membership_plans: [{ ref: 'open', location: 'north', name: 'Open gym', price_cents: 5000, billing_interval: 'monthly' }],
    contacts: [
      { ref: 'pia', location: 'north', first_name: 'Pia' },
      { ref: 'max', location: 'north', first_name: 'Max' },
    ],
    memberships: [
      { contact: 'pia', plan: 'open', start_date: '2026-01-01' },
      { contact: 'max', plan: 'open', start_date: '2026-01-01', member_code: 'MX-1' },
    ],
  });
  const ids = imported.ids;
  const business = systemActor(imported.company_id, 'test');
  const north = ids.locations!.north!;
  const pia = ids.contacts!.pia!;
  return {
    business,
    north,
    pia,
    max: ids.contacts!.max!,
    plan: ids.membership_plans!.open!,
    member: (contactId: string) => memberAtLocation(memberActor(imported.company_id, contactId, 'a-session'), north),
  };
}

describe.each(dialects)("members' phone passes on %s", (dialect) => {
  const suite = useFreshDatabase(dialect);

  it('gives a pass-only holder a feed row once they open their pass, and one for a membership sold later', async () => {
    const clock = handClock();
    const s = await passStudio(suite.db);
    const feed = (cursor?: string) => eligibilityFeed(suite.db, s.business, { location_id: s.north, limit: 100, ...(cursor && { cursor }) }, cursors, clock.now);
    const before = await feed();
    expect(before.data.map((row) => row.contact_id)).toEqual([s.max]);

    const given = await openMemberPass(suite.db, s.member(s.pia), s.pia, s.north, clock.now);
    expect(given).toMatchObject({ contact_id: s.pia, location_id: s.north, epoch: 1, generation: 0, step_seconds: 30, server_time: '2026-06-01T09:00:00.000Z' });
    const delta = await feed(before.next_cursor);
    expect(delta.data).toEqual([expect.objectContaining({ contact_id: s.pia, first_name: 'Pia', resolved_by: 'pass', valid_for_checkin: true, pass_generation: 0, deleted: false })]);
    // The door's check: the feed's key, the step of the app's code.
    const step = passStep(clock.now());
    const pass = readPass(await passPayload(bytes(given.member_key), s.pia, step))!;
    expect(await checkPass(pass, [bytes(delta.pass_keys[0]!.key)], step, null, delta.data[0]!.pass_generation)).toMatchObject({ valid: true });

    // Opened again: no second row.
    await openMemberPass(suite.db, s.member(s.pia), s.pia, s.north, clock.now);
    expect((await feed(delta.next_cursor)).data).toEqual([]);
    await sellMembership(suite.db, s.business, s.pia, { plan_id: s.plan, start_date: '2026-06-01' }, clock.now);
    const sold = await feed(delta.next_cursor);
    expect(sold.data.filter((row) => row.resolved_by === 'pass')).toHaveLength(1);
    expect((await feed()).data.filter((row) => row.contact_id === s.pia)).toHaveLength(2);
  });

  it('gives a member their own pass only, and tells staff whether they opened it', async () => {
    const clock = handClock();
    const s = await passStudio(suite.db);
    await expect(openMemberPass(suite.db, s.member(s.pia), s.max, s.north, clock.now)).rejects.toMatchObject({ code: 'location_not_allowed' });
    expect(await memberPassStatus(suite.db, s.business, s.max)).toEqual({ opened_at: null, revoked_at: null, generation: 0 });
    await openMemberPass(suite.db, s.member(s.max), s.max, s.north, clock.now);
    expect(await memberPassStatus(suite.db, s.business, s.max)).toEqual({ opened_at: '2026-06-01T09:00:00.000Z', revoked_at: null, generation: 0 });
  });

  it('revoking moves the generation on: the feed rows carry it, the old key fails at the door, a new one works', async () => {
    const clock = handClock();
    const s = await passStudio(suite.db);
    const feed = (cursor?: string) => eligibilityFeed(suite.db, s.business, { location_id: s.north, limit: 100, ...(cursor && { cursor }) }, cursors, clock.now);
    const old = await openMemberPass(suite.db, s.member(s.max), s.max, s.north, clock.now);
    const before = await feed();
    clock.advance(60_000);
    expect(await revokeMemberPass(suite.db, s.business, s.max, clock.now)).toEqual({ opened_at: '2026-06-01T09:00:00.000Z', revoked_at: '2026-06-01T09:01:00.000Z', generation: 1 });
    const delta = await feed(before.next_cursor);
    // Both of Max's rows (his code's and his pass's) come again, with the new generation.
    expect(delta.data.map((row) => [row.resolved_by, row.pass_generation]).sort()).toEqual([
      ['code', 1],
      ['pass', 1],
    ]);
    const keys = delta.pass_keys.map((key) => bytes(key.key));
    const step = passStep(clock.now());
    const oldPass = readPass(await passPayload(bytes(old.member_key), s.max, step))!;
    expect(await checkPass(oldPass, keys, step, null, 1)).toEqual({ valid: false, reason: 'bad_code' });
    const renewed = await openMemberPass(suite.db, s.member(s.max), s.max, s.north, clock.now);
    expect(renewed.generation).toBe(1);
    expect(await checkPass(readPass(await passPayload(bytes(renewed.member_key), s.max, step))!, keys, step, null, 1)).toMatchObject({ valid: true });
    const [audited] = await auditLog(suite.db, s.business.companyId);
    expect([audited!.action, JSON.parse(audited!.details!)]).toEqual(['member_pass_revoked', { contact_id: s.max, generation: 1 }]);
  });
});
