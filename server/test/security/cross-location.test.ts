import { dialects } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedOperations, serialize, validParts, validRequests, type Operation } from '../reliability/operations.js';
import { buildWorld, type Target, type World } from '../reliability/world.js';

const operations = documentedOperations();

/**
 * Every operation whose valid request names a contact, a membership or a member's credential: the
 * own location's request with the other location's member put in. A new route that takes one
 * joins this list by itself, and the list below makes its cross-location answer a decision.
 */
function memberOperations(own: Target, cross: Target): Operation[] {
  return operations.filter((op) => JSON.stringify(validRequests[op.id]!(own)) !== JSON.stringify(validRequests[op.id]!(cross)));
}

const decidedMemberOperations = [
  'bookClass',
  'cancelClassSpot',
  'checkInMember',
  'checkInToClass',
  'createBooking',
  'getContact',
  'listBookings',
  'listContactMemberships',
  'listMembershipVisits',
  'resolveMember',
  'sellMembership',
  'updateContact',
];

describe.each(dialects)('cross-location: one rule for a member of another location on every route (%s)', (dialect) => {
  let world: World;
  /** All scopes, Brooklyn only. */
  let limited: string;
  /** Brooklyn's classes, services and staff with London's members in them. */
  let cross: Target;

  beforeAll(async () => {
    world = await buildWorld(dialect);
    limited = (await world.mint(world.ownCompanyId, 'all', [world.targets.own.location])).key;
    const { own, otherLocation: london } = world.targets;
    cross = {
      ...own,
      contact: london.contact,
      contactPhone: london.contactPhone,
      membership: london.membership,
      memberCode: london.memberCode,
      card: london.card,
      classBooker: london.classBooker,
      classAttendee: london.classAttendee,
      classCanceller: london.classCanceller,
      // Not the own target's free slot: that one may be taken by the time a test books it.
      freeStart: own.moveStart,
    };
  }, 120_000);
  afterAll(() => world.close());

  const send = (op: Operation, target: Target) => world.send(serialize(validParts(op, target, `Bearer ${limited}`)));
  const error = (body: string) => (JSON.parse(body) as { error?: { code?: string; param?: string } }).error ?? {};
  /** Rows that a booking, a spot, a visit or a sale of the London members would add. */
  const londonRows = async () => {
    const ids = [cross.contact, cross.classBooker, cross.classAttendee, cross.classCanceller];
    const count = async (table: 'bookings' | 'class_attendees' | 'visits' | 'memberships') =>
      Number(
        (await world.db.first(
          world.db.qb
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('contact_id', 'in', ids),
        ))!.n,
      );
    return { bookings: await count('bookings'), spots: await count('class_attendees'), visits: await count('visits'), memberships: await count('memberships') };
  };

  it('names every route that takes a member', () => {
    expect(
      memberOperations(world.targets.own, cross)
        .map((op) => op.id)
        .sort(),
    ).toEqual(decidedMemberOperations);
  });

  it("refuses a member outside the key's reach on every such route, showing and recording nothing of them", async () => {
    const before = await londonRows();
    const wrong: string[] = [];
    for (const op of memberOperations(world.targets.own, cross)) {
      const response = await send(op, cross);
      const body = response.body;
      if (op.id === 'resolveMember') {
        // A card of a membership outside reach is an unknown card, as to Brooklyn's own devices.
        const result = JSON.parse(body) as Record<string, unknown>;
        if (response.statusCode !== 200 || result.found !== false || result.membership_id !== null || result.plan_name !== null || result.contact_id !== null)
          wrong.push(`${op.id}: ${response.statusCode} ${body}`);
      } else if (op.id === 'checkInMember') {
        if (response.statusCode !== 404 || error(body).code !== 'member_not_found' || /plan|visits|HL-/i.test(body)) wrong.push(`${op.id}: ${response.statusCode} ${body}`);
      } else if (response.statusCode !== 403 || error(body).code !== 'location_not_allowed' || !['id', 'contact_id', 'membership_id'].includes(error(body).param ?? '')) {
        wrong.push(`${op.id}: ${response.statusCode} ${body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await londonRows()).toEqual(before);
  });

  it("serves a visiting member, whose plan admits the key's location, like one of its own", async () => {
    const { own, otherLocation: london } = world.targets;
    // London's plans now admit Brooklyn too: its members become visitors there.
    await world.db.run(
      world.db.qb
        .updateTable('membership_plans')
        .set({ access_location_ids: JSON.stringify([london.location, own.location]) })
        .where('company_id', '=', world.ownCompanyId)
        .where('location_id', '=', london.location),
    );
    // Spots in Brooklyn's class to check in and to cancel, as the own target has.
    for (const contact of [cross.classAttendee, cross.classCanceller]) {
      const booked = await world.send({
        method: 'POST',
        url: `/v1/classes/${own.classId}/book`,
        headers: { authorization: `Bearer ${limited}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ contact_id: contact, allow_without_entitlement: true }),
      });
      expect(booked.statusCode, booked.body).toBe(201);
    }
    const wrong: string[] = [];
    for (const op of memberOperations(own, cross)) {
      const response = await send(op, cross);
      const want = op.route.responses[201] ? 201 : 200;
      if (op.id === 'updateContact') {
        // Their record is changed only by a key of their home location.
        if (response.statusCode !== 403 || error(response.body).code !== 'location_not_allowed') wrong.push(`${op.id}: ${response.statusCode} ${response.body}`);
      } else if (op.id === 'checkInToClass') {
        // The class's own rules (its check-in window) apply as to a Brooklyn member: the same answer as the own target's attendee.
        const ours = await send(op, own);
        if (response.statusCode !== ours.statusCode || (response.statusCode >= 400 && error(response.body).code !== error(ours.body).code)) {
          wrong.push(`${op.id}: ${response.statusCode} ${response.body}, own attendee ${ours.statusCode} ${ours.body}`);
        }
      } else if (response.statusCode !== want) {
        wrong.push(`${op.id}: ${response.statusCode}, want ${want}: ${response.body.slice(0, 200)}`);
      }
      if (op.id === 'resolveMember' && (JSON.parse(response.body) as { found: boolean }).found !== true) wrong.push(`${op.id}: ${response.body}`);
      if (op.id === 'getContact' && (JSON.parse(response.body) as { id: string }).id !== cross.contact) wrong.push(`${op.id}: ${response.body}`);
    }
    expect(wrong).toEqual([]);
  });
});
