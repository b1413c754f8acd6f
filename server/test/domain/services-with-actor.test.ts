import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock/time.js';
import type { Actor } from '../../src/domain/actor.js';
import { cancelClass } from '../../src/modules/classes/admin.js';
import { bookClass } from '../../src/modules/classes/book.js';
import { setMembershipStatus } from '../../src/modules/members/admin.js';
import { checkIn } from '../../src/modules/members/checkin.js';
import { classBuilder } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';

// A Tuesday afternoon in New York; the services read this clock, not the machine's.
const now = Date.parse('2031-05-06T18:00:00.000Z');
const clock: Clock = () => now;
const inHours = (n: number) => new Date(now + n * 3600_000).toISOString();

/** The refusal a service throws, or null when it did not throw one. */
async function refusal(work: Promise<unknown>): Promise<ApiError | null> {
  try {
    await work;
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/**
 * The domain services called directly, with no request, as the staff web app will: a front-desk
 * user allowed one location is held to the location rule by the services themselves.
 */
describe.each(dialects)('services called with an actor, no HTTP (%s)', (dialect) => {
  let f: Fixture;
  let c: ReturnType<typeof classBuilder>;
  let frontDesk: Actor;
  beforeAll(async () => {
    f = await startFixture(dialect);
    c = classBuilder(f);
    frontDesk = {
      companyId: f.acme.id,
      environment: 'live',
      identity: { kind: 'staff_user', staffUserId: 'front-desk-brooklyn', role: 'front_desk' },
      scopes: ['read:classes', 'write:classes', 'checkin:members'],
      locationIds: [f.acme.us.id],
    };
  });
  afterAll(() => f.close());

  const spotsOf = (classId: string) => f.db.all(f.db.qb.selectFrom('class_attendees').select('contact_id').where('class_id', '=', classId));
  const visitsOf = (contactId: string) => f.db.all(f.db.qb.selectFrom('visits').select(['location_id', 'checked_in_at']).where('contact_id', '=', contactId));

  it('books a class at the actor’s location, and refuses one at another location with location_not_allowed, writing nothing', async () => {
    const guest = await c.contact();
    const brooklyn = await c.classAt(inHours(26), { serviceId: await c.service() });
    const booked = await bookClass(f.db, frontDesk, brooklyn, { contact_id: guest }, clock);
    expect(booked).toMatchObject({ class_id: brooklyn, contact_id: guest, status: 'reserved', already_booked: false });

    const camden = await c.classAt(inHours(26), { serviceId: await c.service({ locationId: f.acme.gb.id }), locationId: f.acme.gb.id });
    // The guest's home is Brooklyn, so only the class's location can be what refuses.
    const refused = await refusal(bookClass(f.db, frontDesk, camden, { contact_id: guest }, clock));
    expect(refused).toMatchObject({ code: 'location_not_allowed', status: 403, param: 'id' });
    expect(await spotsOf(camden)).toEqual([]);
  });

  it('refuses to book a contact outside the actor’s reach into a class it may act on', async () => {
    const camdenRegular = await c.contact({ locationId: f.acme.gb.id });
    const brooklyn = await c.classAt(inHours(30), { serviceId: await c.service() });
    const refused = await refusal(bookClass(f.db, frontDesk, brooklyn, { contact_id: camdenRegular }, clock));
    expect(refused).toMatchObject({ code: 'location_not_allowed', status: 403, param: 'contact_id' });
    expect(await spotsOf(brooklyn)).toEqual([]);
  });

  it('judges the booking rules at the injected time', async () => {
    const guest = await c.contact();
    const started = await c.classAt(inHours(-0.5), { serviceId: await c.service() });
    expect(await refusal(bookClass(f.db, frontDesk, started, { contact_id: guest }, clock))).toMatchObject({ code: 'booking_rule' });
  });

  it('checks a member in at the actor’s location at the injected time, and refuses another location before recording anything', async () => {
    const code = `DESK-${randomUUID().slice(0, 8)}`;
    // A plan of the company admitting every location: only the actor's locations limit this check-in.
    const member = await c.member({ code, planId: await c.plan({ accessLocationIds: null }) });
    const { visit, created } = await checkIn(f.db, frontDesk, { location_id: f.acme.us.id, identifier: code, source: 'staff' }, clock);
    expect(created).toBe(true);
    expect(visit).toMatchObject({ contact_id: member.contactId, location_id: f.acme.us.id, kind: 'facility', checked_in_at: new Date(now).toISOString() });

    const refused = await refusal(checkIn(f.db, frontDesk, { location_id: f.acme.gb.id, identifier: code, source: 'staff' }, clock));
    expect(refused).toMatchObject({ code: 'location_not_allowed', status: 403, param: 'location_id' });
    expect(await visitsOf(member.contactId)).toEqual([{ location_id: f.acme.us.id, checked_in_at: new Date(now).toISOString() }]);
    const denials = await f.db.all(f.db.qb.selectFrom('checkin_denials').select('id').where('location_id', '=', f.acme.gb.id));
    expect(denials).toEqual([]);
  });

  it('holds the setup side to the same rule: a class elsewhere is not cancelled, a membership outside reach keeps its status', async () => {
    const camden = await c.classAt(inHours(40), { serviceId: await c.service({ locationId: f.acme.gb.id }), locationId: f.acme.gb.id });
    // The timetable is a manager's (the front desk is refused it anywhere); a Brooklyn manager's reach ends at Brooklyn.
    const manager: Actor = { ...frontDesk, identity: { kind: 'staff_user', staffUserId: 'manager-brooklyn', role: 'manager' } };
    expect(await refusal(cancelClass(f.db, frontDesk, camden, now))).toMatchObject({ code: 'role_not_allowed' });
    expect(await refusal(cancelClass(f.db, manager, camden, now))).toMatchObject({ code: 'location_not_allowed', param: 'class' });
    const status = await f.db.first(f.db.qb.selectFrom('classes').select('status').where('id', '=', camden));
    expect(status).toEqual({ status: 'scheduled' });

    // Sold at Camden on a plan admitting Camden only: outside a Brooklyn actor's reach.
    const camdenMember = await c.member({ locationId: f.acme.gb.id, planId: await c.plan({ locationId: f.acme.gb.id, accessLocationIds: [f.acme.gb.id] }) });
    expect(await refusal(setMembershipStatus(f.db, frontDesk, camdenMember.membershipId, 'paused'))).toMatchObject({ code: 'location_not_allowed', param: 'membership' });
    const membership = await f.db.first(f.db.qb.selectFrom('memberships').select('status').where('id', '=', camdenMember.membershipId));
    expect(membership).toEqual({ status: 'active' });
  });

  it('lets the same actor with every location do what the limited one may not', async () => {
    const everywhere: Actor = { ...frontDesk, locationIds: null };
    const guest = await c.contact({ locationId: f.acme.gb.id });
    const camden = await c.classAt(inHours(28), { serviceId: await c.service({ locationId: f.acme.gb.id }), locationId: f.acme.gb.id });
    expect(await bookClass(f.db, everywhere, camden, { contact_id: guest }, clock)).toMatchObject({ status: 'reserved' });
  });
});
