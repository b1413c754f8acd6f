import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { checkPass, memberPassKey, passPayload, passStep, readPass } from '@studio/shared/pass';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../../src/domain/actor.js';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { livePassKeys, memberPassKeyFor, rolloverMs, rotatePassKeys } from '../../src/modules/passes/pass-keys.js';
import { handClock, twoLocationStudio } from '../staff-accounts/studio.js';

const bytes = (key: string) => new Uint8Array(Buffer.from(key, 'base64url'));

describe.each(dialects)("a location's phone-pass keys on %s", (dialect) => {
  const suite = useFreshDatabase(dialect);

  it('makes the first key once, when first needed: 32 random bytes, one per location', async () => {
    const clock = handClock();
    const studio = await twoLocationStudio(suite.db);
    const [a, b] = await Promise.all([livePassKeys(suite.db, suite.db, studio.north, clock.now), livePassKeys(suite.db, suite.db, studio.north, clock.now)]);
    expect(a).toEqual(b);
    expect(a).toHaveLength(1);
    expect(a![0]).toMatchObject({ epoch: 1, retired_at: null });
    expect(bytes(a![0]!.key)).toHaveLength(32);
    const south = await livePassKeys(suite.db, suite.db, studio.south, clock.now);
    expect(south[0]!.key).not.toBe(a![0]!.key);
    const rows = await suite.db.all(suite.db.qb.selectFrom('location_pass_keys').select('location_id').where('location_id', 'in', [studio.north, studio.south]));
    expect(rows).toHaveLength(2);
  });

  it("gives a member the key derived from the location's current key, with which their pass checks", async () => {
    const clock = handClock();
    const studio = await twoLocationStudio(suite.db);
    const given = await memberPassKeyFor(suite.db, studio.business, studio.nina, studio.north, clock.now);
    const [current] = await livePassKeys(suite.db, suite.db, studio.north, clock.now);
    expect(given.epoch).toBe(1);
    expect(bytes(given.member_key)).toEqual(await memberPassKey(bytes(current!.key), studio.nina));
    const step = passStep(clock.now());
    const pass = readPass(await passPayload(bytes(given.member_key), studio.nina, step))!;
    expect(await checkPass(pass, [bytes(current!.key)], step, null)).toEqual({ valid: true, step, drift: 0 });
    const stranger = await twoLocationStudio(suite.db);
    await expect(memberPassKeyFor(suite.db, studio.business, stranger.nina, studio.north, clock.now)).rejects.toMatchObject({ code: 'resource_missing', param: 'contact_id' });
    await expect(memberPassKeyFor(suite.db, studio.business, studio.nina, stranger.north, clock.now)).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('rotates to a new epoch, keeping the key before live for the roll-over only, and moves the feed on', async () => {
    const clock = handClock();
    const studio = await twoLocationStudio(suite.db);
    const before = await memberPassKeyFor(suite.db, studio.business, studio.nina, studio.north, clock.now);
    const seq = async () => (await suite.db.first(suite.db.qb.selectFrom('companies').select('feed_seq').where('id', '=', studio.companyId)))!.feed_seq;
    const seqBefore = await seq();

    const rotation = await rotatePassKeys(suite.db, studio.business, studio.north, clock.now);
    expect(rotation).toEqual({ location_id: studio.north, epoch: 2, previous_retires_at: new Date(clock.now() + rolloverMs).toISOString() });
    expect(await seq()).toBe(seqBefore + 1);
    const [audited] = await auditLog(suite.db, studio.companyId);
    expect([audited!.action, JSON.parse(audited!.details!)]).toEqual(['pass_keys_rotated', { location_id: studio.north, epoch: 2 }]);
    const rolling = await livePassKeys(suite.db, suite.db, studio.north, clock.now);
    expect(rolling.map((key) => [key.epoch, key.retired_at])).toEqual([
      [2, null],
      [1, rotation.previous_retires_at],
    ]);
    const after = await memberPassKeyFor(suite.db, studio.business, studio.nina, studio.north, clock.now);
    expect(after.epoch).toBe(2);
    expect(after.member_key).not.toBe(before.member_key);

    clock.advance(rolloverMs);
    expect((await livePassKeys(suite.db, suite.db, studio.north, clock.now)).map((key) => key.epoch)).toEqual([2]);
    // Another rotation at once retires every older key no later than its own roll-over.
    await rotatePassKeys(suite.db, studio.business, studio.north, clock.now);
    await rotatePassKeys(suite.db, studio.business, studio.north, clock.now);
    expect((await livePassKeys(suite.db, suite.db, studio.north, clock.now)).map((key) => key.epoch)).toEqual([4, 3, 2]);
    clock.advance(rolloverMs);
    expect((await livePassKeys(suite.db, suite.db, studio.north, clock.now)).map((key) => key.epoch)).toEqual([4]);
    // The other location's key is its own.
    expect((await livePassKeys(suite.db, suite.db, studio.south, clock.now)).map((key) => key.epoch)).toEqual([1]);
  });

  it("refuses a location outside the actor's", async () => {
    const studio = await twoLocationStudio(suite.db);
    const manager = { ...systemActor(studio.companyId, 'manager'), locationIds: [studio.south] };
    await expect(rotatePassKeys(suite.db, manager, studio.north)).rejects.toMatchObject({ code: 'location_not_allowed' });
  });

  it('refuses the front desk in the service itself, at its own location too, whatever the route', async () => {
    const studio = await twoLocationStudio(suite.db);
    const desk = { ...systemActor(studio.companyId, 'front desk'), identity: { kind: 'staff_user' as const, staffUserId: 'desk', role: 'front_desk' }, locationIds: [studio.north] };
    await expect(rotatePassKeys(suite.db, desk, studio.north)).rejects.toMatchObject({ code: 'role_not_allowed' });
  });
});
