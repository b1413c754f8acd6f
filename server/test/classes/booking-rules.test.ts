import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it, vi } from 'vitest';
import { cancelClass } from '../../src/modules/classes/admin.js';
import { systemActor } from '../../src/domain/actor.js';

// Wednesday 3 March 2027, 10:00 in New York (before the US DST change of 14 March).
const now = '2027-03-03T15:00:00.000Z';
const hours = (n: number) => new Date(Date.parse(now) + n * 3600_000).toISOString();

describe.each(dialects)('class booking rules (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });

  it('books a spot (201), answers already_booked with 200 changing nothing, and replays an Idempotency-Key', async () => {
    const open = await s.c.service();
    const cls = await s.c.classAt(hours(48), { serviceId: open, capacity: 5 });
    const ann = await s.c.contact();
    const first = await s.c.book(cls, ann);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ class_id: cls, contact_id: ann, status: 'reserved', paid_by: 'none', spots_left: 4, already_booked: false });
    const again = await s.c.book(cls, ann);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, already_booked: true });

    const ben = await s.c.contact();
    vi.setSystemTime(new Date(Date.parse(now) + 60_000));
    const keyed = await s.c.book(cls, ben, {}, { 'idempotency-key': `book-${ben}` });
    const replay = await s.c.book(cls, ben, {}, { 'idempotency-key': `book-${ben}` });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(keyed.body);
    const detail = await s.c.detail(cls);
    expect(detail).toMatchObject({ booked: 2, spots_left: 3, capacity: 5 });
    expect(detail.roster.map((r: { contact_id: string }) => r.contact_id)).toEqual([ann, ben]);
  });

  it('refuses a cancelled class with 409 class_cancelled, before already_booked', async () => {
    const cls = await s.c.classAt(hours(48), { serviceId: await s.c.service() });
    const ann = await s.c.contact();
    expect((await s.c.book(cls, ann)).status).toBe(201);
    await cancelClass(s.f.db, systemActor(s.f.acme.id, 'test'), cls);
    const refused = await s.c.book(cls, ann);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ type: 'conflict', code: 'class_cancelled' });
  });

  it('refuses a class that has started, inside the signup cutoff (from the exact minute) and beyond the horizon', async () => {
    const site = await s.c.location({ classes: { signup_cutoff_minutes: 30, booking_horizon_days: 14 } });
    const yoga = await s.c.service({ locationId: site });
    const at = (start: string) => s.c.classAt(start, { serviceId: yoga, locationId: site });
    const guest = await s.c.contact({ locationId: site });
    const message = async (start: string) => {
      const answer = await s.c.book(await at(start), guest);
      expect(answer.status).toBe(422);
      expect(answer.body.error.code).toBe('booking_rule');
      return answer.body.error.message as string;
    };
    expect(await message(hours(-0.1))).toContain('already started');
    expect(await message(hours(0.25))).toContain('Signup closes 30 minutes');
    expect(await message(hours(0.5))).toContain('Signup closes 30 minutes');
    expect((await s.c.book(await at(new Date(Date.parse(now) + 30 * 60_000 + 1).toISOString()), guest)).status).toBe(201);
    expect(await message(hours(15 * 24))).toContain('at most 14 days ahead');
    expect((await s.c.book(await at(hours(13 * 24)), guest)).status).toBe(201);
  });

  it('counts the daily maximum by the local day the class starts', async () => {
    const site = await s.c.location({ classes: { max_classes_per_day: 1 } });
    const yoga = await s.c.service({ locationId: site });
    const guest = await s.c.contact({ locationId: site });
    // 08:00 and 20:00 on Thursday 4 March in New York; 20:00 local is already Friday in UTC.
    const morning = await s.c.classAt('2027-03-04T13:00:00Z', { serviceId: yoga, locationId: site });
    const evening = await s.c.classAt('2027-03-05T01:00:00Z', { serviceId: yoga, locationId: site });
    const friday = await s.c.classAt('2027-03-05T12:00:00Z', { serviceId: yoga, locationId: site });
    expect((await s.c.book(morning, guest)).status).toBe(201);
    const refused = await s.c.book(evening, guest);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'booking_rule', message: 'At most 1 classes a day can be booked at this location.' });
    expect((await s.c.book(friday, guest)).status).toBe(201);
    // A spot released in time no longer counts.
    expect((await s.c.cancel(morning, guest)).status).toBe(200);
    expect((await s.c.book(evening, guest)).status).toBe(201);
  });

  it('lets only first-timers into a first-timers-only class; a spot cancelled in time does not count', async () => {
    const site = await s.c.location();
    const regular = await s.c.service({ locationId: site });
    const intro = await s.c.service({ locationId: site, firstTimersOnly: true });
    const introClass = await s.c.classAt(hours(72), { serviceId: intro, locationId: site });
    const [newcomer, returning, changedMind] = [await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site })];
    const earlier = await s.c.classAt(hours(24), { serviceId: regular, locationId: site });
    expect((await s.c.book(earlier, returning)).status).toBe(201);
    expect((await s.c.book(earlier, changedMind)).status).toBe(201);
    expect((await s.c.cancel(earlier, changedMind)).body).toMatchObject({ status: 'cancelled', late: false });

    expect((await s.c.book(introClass, newcomer)).status).toBe(201);
    const refused = await s.c.book(introClass, returning);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'booking_rule', message: 'This class is for first-timers only.' });
    expect((await s.c.book(introClass, changedMind)).status).toBe(201);
  });

  it('decides class_full after the rules and before entitlement, with the capacity counted exactly', async () => {
    const site = await s.c.location({ classes: { max_classes_per_day: 1 } });
    const paid = await s.c.service({ locationId: site, requiresEntitlement: true });
    const cls = await s.c.classAt(hours(48), { serviceId: paid, locationId: site, capacity: 1 });
    const member = await s.c.member({ locationId: site });
    expect((await s.c.book(cls, member.contactId)).body).toMatchObject({ paid_by: 'membership', spots_left: 0 });
    const unentitled = await s.c.contact({ locationId: site });
    const full = await s.c.book(cls, unentitled);
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ type: 'conflict', code: 'class_full' });
    // Over the daily maximum and the class is full: the rule answers first.
    const busy = await s.c.contact({ locationId: site });
    expect((await s.c.book(await s.c.classAt(hours(47), { serviceId: await s.c.service({ locationId: site }), locationId: site }), busy)).status).toBe(201);
    expect((await s.c.book(cls, busy)).body.error.code).toBe('booking_rule');
  });

  it('decides paid_by: membership, then package credit, then free class, then none or entitlement_required', async () => {
    const site = await s.c.location();
    const yoga = await s.c.service({ locationId: site, requiresEntitlement: true, freeClasses: 1 });
    const classes = [
      await s.c.classAt(hours(24), { serviceId: yoga, locationId: site }),
      await s.c.classAt(hours(48), { serviceId: yoga, locationId: site }),
      await s.c.classAt(hours(72), { serviceId: yoga, locationId: site }),
      await s.c.classAt(hours(96), { serviceId: yoga, locationId: site }),
    ];

    const member = await s.c.member({ locationId: site });
    expect((await s.c.book(classes[0]!, member.contactId)).body.paid_by).toBe('membership');
    const pastDue = await s.c.member({ locationId: site, status: 'past_due' });
    expect((await s.c.book(classes[0]!, pastDue.contactId)).body.paid_by).toBe('membership');
    const otherService = await s.c.member({ locationId: site, planId: await s.c.plan({ locationId: site, coveredServiceIds: [await s.c.service({ locationId: site })] }) });
    expect((await s.c.book(classes[0]!, otherService.contactId)).body.paid_by).toBe('free_class');
    const ended = await s.c.member({ locationId: site, endDate: '2027-03-03' });
    expect((await s.c.book(classes[0]!, ended.contactId)).body.paid_by).toBe('free_class');

    const pack = await s.c.member({ locationId: site, package: { credits: 1 } });
    expect((await s.c.book(classes[0]!, pack.contactId)).body.paid_by).toBe('package');
    // The one credit is promised to the first spot; the next falls to the free class, then to nothing.
    expect((await s.c.book(classes[1]!, pack.contactId)).body.paid_by).toBe('free_class');
    const refused = await s.c.book(classes[2]!, pack.contactId);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'entitlement_required', param: 'contact_id' });
    const allowed = await s.c.book(classes[2]!, pack.contactId, { allow_without_entitlement: true });
    expect(allowed.status).toBe(201);
    expect(allowed.body.paid_by).toBe('none');
    const open = await s.c.classAt(hours(96), { serviceId: await s.c.service({ locationId: site }), locationId: site });
    expect((await s.c.book(open, pack.contactId)).body.paid_by).toBe('none');
  });

  it("counts a weekly class limit over the Monday-to-Sunday week in the location's zone", async () => {
    const site = await s.c.location({}, 'America/New_York');
    const spin = await s.c.service({ locationId: site });
    const plan = await s.c.plan({ locationId: site, classLimitPerWeek: 1 });
    const member = await s.c.member({ locationId: site, planId: plan });
    // Sunday 7 March 23:30 and Monday 8 March 00:30 in New York: both Monday in UTC.
    const sundayLate = await s.c.classAt('2027-03-08T04:30:00Z', { serviceId: spin, locationId: site });
    const mondayEarly = await s.c.classAt('2027-03-08T05:30:00Z', { serviceId: spin, locationId: site });
    const saturday = await s.c.classAt('2027-03-06T15:00:00Z', { serviceId: spin, locationId: site });
    const nextSunday = await s.c.classAt('2027-03-14T22:00:00Z', { serviceId: spin, locationId: site });
    expect((await s.c.book(sundayLate, member.contactId)).body.paid_by).toBe('membership');
    expect((await s.c.book(mondayEarly, member.contactId)).body.paid_by).toBe('membership');
    expect((await s.c.book(saturday, member.contactId)).body.paid_by).toBe('none');
    expect((await s.c.book(nextSunday, member.contactId)).body.paid_by).toBe('none');
    // Released in time, the Sunday spot gives the week its allowance back.
    await s.c.cancel(sundayLate, member.contactId);
    await s.c.cancel(saturday, member.contactId);
    expect((await s.c.book(saturday, member.contactId)).body.paid_by).toBe('membership');
  });
});
