import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/domain/actor.js';
import { clockAt, deskApp, deskStudio } from './desk-studio.js';

const base = Date.parse('2031-03-04T14:00:00.000Z');

/**
 * A double click at the desk sends the same Idempotency-Key twice: one visit, and the second answer
 * is the first one replayed. Mounted by mountRoutes as the session mount does, with a staff actor.
 */
describe.each(dialects)('the desk check-in under an Idempotency-Key (%s)', (dialect) => {
  let f: Fixture;
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof deskStudio>>;
  let actor: Actor;

  beforeAll(async () => {
    f = await startFixture(dialect);
    s = await deskStudio(f);
    // Each request acts as the test's current staff member, as the session authenticator would set it.
    app = await deskApp(f, clockAt(base), () => actor);
  });
  afterAll(async () => {
    await app.close();
    await f.close();
  });

  const checkIn = (contactId: string, key: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/app/api/members/${contactId}/check-in`, headers: { 'idempotency-key': key }, payload: body });
  const visitsOf = async (membershipId: string) => (await f.db.all(f.db.qb.selectFrom('visits').select('id').where('membership_id', '=', membershipId))).length;

  it('records one visit for the same key twice and replays the first answer', async () => {
    actor = s.desk;
    const mia = await s.build.member({ locationId: s.site, firstName: 'Mia' });
    const key = crypto.randomUUID();
    const first = await checkIn(mia.contactId, key, { location_id: s.site });
    const second = await checkIn(mia.contactId, key, { location_id: s.site });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await visitsOf(mia.membershipId)).toBe(1);
  });

  it('asks before a second check-in under a new key minutes after the first, and records it once confirmed', async () => {
    actor = s.desk;
    const unlimited = await s.build.member({ locationId: s.site });
    expect((await checkIn(unlimited.contactId, crypto.randomUUID(), { location_id: s.site })).statusCode).toBe(201);
    // A second click 3 s later, under another key (as two clicks of the reported bug were): asked, not recorded.
    const asked = await checkIn(unlimited.contactId, crypto.randomUUID(), { location_id: s.site });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ error: { code: 'checked_in_recently', param: 'confirm_again', minutes_ago: 0, checked_in_at: new Date(base).toISOString() } });
    expect(await visitsOf(unlimited.membershipId)).toBe(1);
    expect((await checkIn(unlimited.contactId, crypto.randomUUID(), { location_id: s.site, confirm_again: true })).statusCode).toBe(201);
    expect(await visitsOf(unlimited.membershipId)).toBe(2);
  });

  it('asks one of two check-ins under different keys at the same moment (two desks), under the member lock', async () => {
    actor = s.desk;
    const both = await s.build.member({ locationId: s.site });
    const answers = await Promise.all([checkIn(both.contactId, crypto.randomUUID(), { location_id: s.site }), checkIn(both.contactId, crypto.randomUUID(), { location_id: s.site })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await visitsOf(both.membershipId)).toBe(1);
  });

  it('says how many minutes ago, and no longer asks after ten minutes or about a voided visit', async () => {
    actor = s.desk;
    const zoe = await s.build.member({ locationId: s.site, firstName: 'Zoe' });
    const later = (ms: number) => deskApp(f, clockAt(base + ms), () => actor);
    const first = (await checkIn(zoe.contactId, crypto.randomUUID(), { location_id: s.site })).json() as { id: string };
    const threeMinutes = await later(3 * 60_000);
    try {
      const asked = await threeMinutes.inject({
        method: 'POST',
        url: `/app/api/members/${zoe.contactId}/check-in`,
        headers: { 'idempotency-key': crypto.randomUUID() },
        payload: { location_id: s.site },
      });
      expect(asked.statusCode).toBe(409);
      expect(asked.json()).toMatchObject({ error: { code: 'checked_in_recently', minutes_ago: 3, visit_id: first.id, message: expect.stringContaining('3 minutes ago') } });
    } finally {
      await threeMinutes.close();
    }
    const elevenMinutes = await later(11 * 60_000);
    try {
      const again = await elevenMinutes.inject({
        method: 'POST',
        url: `/app/api/members/${zoe.contactId}/check-in`,
        headers: { 'idempotency-key': crypto.randomUUID() },
        payload: { location_id: s.site },
      });
      expect(again.statusCode).toBe(201);
    } finally {
      await elevenMinutes.close();
    }

    const voided = await s.build.member({ locationId: s.site });
    const visit = (await checkIn(voided.contactId, crypto.randomUUID(), { location_id: s.site })).json() as { id: string };
    await f.db.run(
      f.db.qb
        .updateTable('visits')
        .set({ voided_at: new Date(base).toISOString(), void_reason: 'recorded_in_error' })
        .where('id', '=', visit.id),
    );
    expect((await checkIn(voided.contactId, crypto.randomUUID(), { location_id: s.site })).statusCode).toBe(201);
  });

  it('treats two confirmed keys as two attempts, each decided by the rules', async () => {
    actor = s.desk;
    const once = await s.build.member({ locationId: s.site, planId: await s.build.plan({ locationId: s.site, visitLimit: 1, visitPeriod: 'month' }) });
    expect((await checkIn(once.contactId, crypto.randomUUID(), { location_id: s.site })).statusCode).toBe(201);
    const refused = await checkIn(once.contactId, crypto.randomUUID(), { location_id: s.site, confirm_again: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'checkin_blocked' } });
    expect(await visitsOf(once.membershipId)).toBe(1);
  });

  it('replays a refusal under its key, and an override with its own key lets the member in once', async () => {
    actor = s.manager;
    const ned = await s.build.member({ locationId: s.site, status: 'past_due' });
    const refusedKey = crypto.randomUUID();
    const refused = await checkIn(ned.contactId, refusedKey, { location_id: s.site });
    const again = await checkIn(ned.contactId, refusedKey, { location_id: s.site });
    expect(refused.statusCode).toBe(422);
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const overrideKey = crypto.randomUUID();
    const override = { location_id: s.site, override_reason: 'paid cash at the desk' };
    const first = await checkIn(ned.contactId, overrideKey, override);
    const second = await checkIn(ned.contactId, overrideKey, override);
    expect(first.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await visitsOf(ned.membershipId)).toBe(1);
    const overrides = await f.db.all(f.db.qb.selectFrom('checkin_overrides').select('id').where('contact_id', '=', ned.contactId));
    expect(overrides).toHaveLength(1);

    // The same key with another body is refused, not run as a new check-in.
    const reused = await checkIn(ned.contactId, overrideKey, { location_id: s.site, override_reason: 'another reason' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(await visitsOf(ned.membershipId)).toBe(1);
  });
});
