import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { eventTypes, Event } from '@studio/shared';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../../src/domain/actor.js';
import { addToWaitlist, cancelClass } from '../../src/modules/classes/admin.js';
import { setMembershipStatus } from '../../src/modules/members/admin.js';
import { salon } from '../appointments/fixture.js';
import { addEndpoint, handClock, Receiver, verifyAt, worker } from '../webhooks/delivery/fixture.js';
import { eventsOf, storedEvents, typesOf } from './events-helper.js';

const now = '2027-03-03T15:00:00.000Z';
const hours = (n: number) => new Date(Date.parse(now) + n * 3600_000).toISOString();

describe.each(dialects)('events written by each change (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });
  const emitted = (work: () => Promise<unknown>) => eventsOf(s.f.db, s.f.acme.id, work);
  const actor = () => systemActor(s.f.acme.id, 'test');

  it('bookings: created, rescheduled and cancelled once each, as GET answers the booking; none on a refusal, a replay or a second cancel', async () => {
    const shop = await salon(s.f, { timezone: 'America/New_York' });
    const body = { location_id: shop.location, service_id: shop.haircut, contact_id: shop.contact, start: '2027-03-05T15:00:00Z' };
    const headers = { 'idempotency-key': 'book-once' };
    let id = '';
    const created = await emitted(async () => {
      id = (await s.f.request('POST', '/v1/bookings', { body, headers })).body.id;
    });
    expect(typesOf(created)).toEqual(['booking.created']);
    expect(created[0]).toMatchObject({ location_id: shop.location, data: (await s.f.request('GET', `/v1/bookings/${id}`)).body });

    const replayed = await emitted(() => s.f.request('POST', '/v1/bookings', { body, headers }));
    expect(replayed).toEqual([]);
    const clash = await emitted(async () => {
      await s.f.request('POST', '/v1/bookings', { body: { ...body, technician_id: (await s.f.request('GET', `/v1/bookings/${id}`)).body.technician_id } });
    });
    expect(clash).toEqual([]);

    const moved = await emitted(() => s.f.request('POST', `/v1/bookings/${id}/reschedule`, { body: { start: '2027-03-05T16:00:00Z' } }));
    expect(typesOf(moved)).toEqual(['booking.rescheduled']);
    expect(moved[0]!.data).toEqual((await s.f.request('GET', `/v1/bookings/${id}`)).body);

    const cancelled = await emitted(() => s.f.request('POST', `/v1/bookings/${id}/cancel`, { body: { reason: 'ill' } }));
    expect(typesOf(cancelled)).toEqual(['booking.cancelled']);
    expect(cancelled[0]!.data).toMatchObject({ id, status: 'cancelled' });
    expect(cancelled[0]!.data).toEqual((await s.f.request('GET', `/v1/bookings/${id}`)).body);
    expect(await emitted(() => s.f.request('POST', `/v1/bookings/${id}/cancel`, { body: {} }))).toEqual([]);
  });

  it('contacts: created and updated as GET answers the contact, at its home location; none for a phone already known', async () => {
    const body = { location_id: s.f.acme.gb.id, first_name: 'Ada', phone: '+447700900123' };
    let id = '';
    const created = await emitted(async () => {
      id = (await s.f.request('POST', '/v1/contacts', { body })).body.id;
    });
    expect(typesOf(created)).toEqual(['contact.created']);
    expect(created[0]).toMatchObject({ location_id: s.f.acme.gb.id, data: (await s.f.request('GET', `/v1/contacts/${id}`)).body });
    expect(await emitted(() => s.f.request('POST', '/v1/contacts', { body }))).toEqual([]);

    const updated = await emitted(() => s.f.request('PATCH', `/v1/contacts/${id}`, { body: { last_name: 'Lovelace' } }));
    expect(typesOf(updated)).toEqual(['contact.updated']);
    expect(updated[0]!.data).toEqual((await s.f.request('GET', `/v1/contacts/${id}`)).body);
    expect(updated[0]!.data).toMatchObject({ last_name: 'Lovelace' });
  });

  it('memberships: sold as the contact holds it, and every status change once', async () => {
    const contactId = await s.c.contact();
    const planId = await s.c.plan();
    let membershipId = '';
    const sold = await emitted(async () => {
      const answer = await s.f.request('POST', `/v1/contacts/${contactId}/memberships`, { body: { plan_id: planId } });
      membershipId = answer.body.id;
      expect(answer.status).toBe(201);
    });
    expect(typesOf(sold)).toEqual(['membership.sold']);
    const held = (await s.f.request('GET', `/v1/contacts/${contactId}/memberships`)).body.data[0];
    expect(sold[0]).toMatchObject({ location_id: s.f.acme.us.id, data: held });

    for (const [i, status] of ['paused', 'past_due', 'active', 'cancelled'].entries()) {
      // Each change at its own hour of the injected clock: the event and the row carry that time, not the machine's.
      const at = hours(i + 1);
      const changed = await emitted(() => setMembershipStatus(s.f.db, actor(), membershipId, status, () => Date.parse(at)));
      expect(typesOf(changed)).toEqual(['membership.status_changed']);
      expect(changed[0]!.data).toMatchObject({ id: membershipId, status });
      const stored = await s.f.db.first(s.f.db.qb.selectFrom('events').select('created_at').where('id', '=', changed[0]!.id));
      expect(stored!.created_at).toBe(at);
      const row = await s.f.db.first(s.f.db.qb.selectFrom('memberships').select('updated_at').where('id', '=', membershipId));
      expect(row!.updated_at).toBe(at);
    }
    expect(await emitted(() => setMembershipStatus(s.f.db, actor(), membershipId, 'cancelled'))).toEqual([]);
  });

  it('check-in: the visit with offline and flags, a refusal with its reasons, and none for an idempotent replay', async () => {
    const member = await s.c.member();
    const body = { location_id: s.f.acme.us.id, membership_id: member.membershipId, source: 'api' };
    let visit: Record<string, unknown> = {};
    const checkedIn = await emitted(async () => {
      visit = (await s.f.request('POST', '/v1/members/check-in', { body, headers: { 'idempotency-key': 'door-1' } })).body;
    });
    expect(typesOf(checkedIn)).toEqual(['member.checked_in']);
    expect(checkedIn[0]).toMatchObject({ location_id: s.f.acme.us.id, data: visit });
    // A member without a card: a warning flag, carried as the visit carries it.
    expect(visit).toMatchObject({ offline: false, flags: ['no_card'] });
    expect(await emitted(() => s.f.request('POST', '/v1/members/check-in', { body, headers: { 'idempotency-key': 'door-1' } }))).toEqual([]);

    const lapsed = await s.c.member({ status: 'cancelled' });
    const refusal = await emitted(async () => {
      const answer = await s.f.request('POST', '/v1/members/check-in', { body: { ...body, membership_id: lapsed.membershipId } });
      expect(answer.body.error.code).toBe('checkin_blocked');
    });
    expect(typesOf(refusal)).toEqual(['member.checkin_denied']);
    const denials = (await s.f.request('GET', `/v1/checkin-denials?location_id=${s.f.acme.us.id}&to=${hours(1)}`)).body.data;
    expect(refusal[0]!.data).toEqual(denials.find((denial: { id: string }) => denial.id === refusal[0]!.data.id));
    expect(refusal[0]!.data).toMatchObject({ membership_id: lapsed.membershipId, reasons: ['cancelled'], identifier_presented: false });

    const gate = await s.f.deviceKey();
    const offline = await emitted(() =>
      s.f.request('POST', '/v1/members/check-in', { body: { ...body, membership_id: lapsed.membershipId, source: 'turnstile', offline: true, checked_in_at: hours(-1) }, key: gate }),
    );
    expect(typesOf(offline)).toEqual(['member.checked_in']);
    expect(offline[0]!.data).toMatchObject({ offline: true, checked_in_at: hours(-1) });
    expect(offline[0]!.data.flags).toEqual(expect.arrayContaining(['ineligible_at_checkin', 'cancelled']));
  });

  it('classes: booked, cancelled, promoted from the waitlist and checked in; none when the class is full', async () => {
    // Far enough off that a freed spot is given at once rather than offered.
    const cls = await s.c.classAt(hours(48), { serviceId: await s.c.service(), capacity: 1 });
    const [first, second] = [await s.c.contact(), await s.c.contact()];
    const booked = await emitted(() => s.c.book(cls, first));
    expect(typesOf(booked)).toEqual(['class_attendee.booked']);
    expect(booked[0]).toMatchObject({ location_id: s.f.acme.us.id, data: { class_id: cls, contact_id: first, status: 'reserved', paid_by: 'none' } });

    const full = await emitted(async () => expect((await s.c.book(cls, second)).body.error.code).toBe('class_full'));
    expect(full).toEqual([]);
    expect(await emitted(() => addToWaitlist(s.f.db, actor(), cls, second))).toEqual([]);

    const released = await emitted(() => s.c.cancel(cls, first));
    expect(typesOf(released)).toEqual(['class_attendee.cancelled', 'class_attendee.promoted']);
    expect(released.find((e) => e.type === 'class_attendee.cancelled')!.data).toMatchObject({ contact_id: first, status: 'cancelled' });
    expect(released.find((e) => e.type === 'class_attendee.promoted')!.data).toMatchObject({ contact_id: second, status: 'reserved' });
    expect(await emitted(() => s.c.cancel(cls, first))).toEqual([]);

    const soon = await s.c.classAt(hours(0.25), { serviceId: await s.c.service() });
    await s.c.book(soon, second);
    const checkedIn = await emitted(() => s.c.checkIn(soon, second));
    expect(typesOf(checkedIn)).toEqual(['class_attendee.checked_in']);
    expect(checkedIn[0]!.data).toEqual((await s.c.checkIn(soon, second)).body);
  });

  it('a door entry into a class is the visit and the class check-in; a class cancelled releases each reserved spot', async () => {
    const member = await s.c.member();
    const cls = await s.c.classAt(hours(0.25), { serviceId: await s.c.service() });
    await s.c.book(cls, member.contactId);
    const gate = await s.f.deviceKey();
    const door = await emitted(() => s.f.request('POST', '/v1/members/check-in', { body: { location_id: s.f.acme.us.id, membership_id: member.membershipId, source: 'turnstile' }, key: gate }));
    expect(typesOf(door)).toEqual(['class_attendee.checked_in', 'member.checked_in']);
    expect(door.find((e) => e.type === 'member.checked_in')!.data).toMatchObject({ kind: 'class', class_id: cls });

    const later = await s.c.classAt(hours(30), { serviceId: await s.c.service() });
    const guests = [await s.c.contact(), await s.c.contact()];
    for (const guest of guests) await s.c.book(later, guest);
    const cancelled = await emitted(() => cancelClass(s.f.db, actor(), later));
    expect(typesOf(cancelled)).toEqual(['class.cancelled', 'class_attendee.cancelled', 'class_attendee.cancelled']);
    expect(cancelled.find((e) => e.type === 'class.cancelled')!.data).toMatchObject({ id: later, status: 'cancelled' });
    expect(
      cancelled
        .filter((e) => e.type === 'class_attendee.cancelled')
        .map((e) => e.data.contact_id)
        .sort(),
    ).toEqual([...guests].sort());
    expect(await emitted(() => cancelClass(s.f.db, actor(), later))).toEqual([]);
  });

  it('delivers every event type written above to a real receiver on loopback, each verified with the standardwebhooks package', async () => {
    const stored = await storedEvents(s.f.db, s.f.acme.id);
    expect(new Set(stored.map((event) => event.type))).toEqual(new Set(eventTypes));
    const clock = handClock(hours(1));
    const receiver = await new Receiver().listen();
    try {
      const endpoint = await addEndpoint(s.f.db, s.f.acme.id, receiver.url, clock);
      const sender = worker(s.f.db, clock);
      while ((await sender.runOnce()) > 0);
      const verified = receiver.received.map((request) => Event.parse(verifyAt(endpoint.secret, request, clock.now())));
      expect(verified.map((event) => event.id).sort()).toEqual(stored.map((event) => event.id).sort());
      for (const event of verified) expect(event).toEqual({ ...stored.find((row) => row.id === event.id), environment: 'live', created_at: expect.any(String) });
    } finally {
      await receiver.close();
    }
  });
});
