import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorFromAuth, memberActor, memberAtLocation } from '../../src/domain/actor.js';
import { availability, createBooking } from '../../src/modules/appointments/bookings-service.js';
import { createKey } from '../../src/modules/keys/repository.js';
import { appointmentStudio } from './appointment-studio.js';

type Studio = Awaited<ReturnType<typeof appointmentStudio>>;
const codeOf = (response: { json<T>(): T }) => response.json<{ error?: { code: string } }>().error?.code;

describe.each(dialects)("members' app appointments: the API's own services, for the member's own bookings (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  beforeAll(async () => {
    s = await appointmentStudio(suite.db);
  });
  afterAll(() => s.app.close());

  /** The member books through the app; the answer's appointment. */
  async function book(as: Studio['nina'], start: string) {
    const response = await s.sendMember({ method: 'POST', path: '/appointments', as, body: { service_id: s.massage, start } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; start: string; technician_name: string; status: string }>();
  }

  it('lists the bookable services of the member’s location, and slots equal to what the service behind GET /v1/availability answers a key for the same service and day, on the same clock', async () => {
    const services = await s.sendMember({ method: 'GET', path: '/services', as: s.nina });
    expect(services.json<{ data: { name: string }[] }>().data.map((service) => service.name)).toEqual(['Massage']);
    const key = await createKey(suite.db, { companyId: s.studio.companyId, name: 'booking site', scopes: ['read:availability'], locationIds: [s.studio.north] });
    const apiKey = actorFromAuth({ keyId: key.id, companyId: key.company_id, environment: 'live', scopes: ['read:availability'], locationIds: [s.studio.north] });
    // Swept over the hand clock: today (minimum notice cuts the morning), tomorrow, a day a week on.
    for (const [advance, day, next] of [
      [0, '2026-06-01', '2026-06-02'],
      [3600_000, '2026-06-02', '2026-06-03'],
      [0, '2026-06-08', '2026-06-09'],
    ] as const) {
      s.clock.advance(advance);
      const mine = await s.sendMember({ method: 'GET', path: `/services/${s.massage}/slots?from=${day}&to=${next}`, as: s.nina });
      // GET /v1/availability's handler for this key, on the same hand clock (the API's routes read the system clock).
      const api = await availability(suite.db, apiKey, { service_id: s.massage, from: day, to: next }, s.clock.now);
      expect(mine.statusCode, mine.body).toBe(200);
      const slots = mine.json<{ data: { start: string; technician_name: string }[] }>().data;
      expect(slots.length).toBeGreaterThan(0);
      expect(slots).toEqual(api);
      expect(slots[0]!.technician_name).toBe('Ana Ruiz');
    }
  });

  it('books for the member’s own contact, lists it, and queues the confirmation, the move and the cancellation in the location’s language', async () => {
    const booked = await book(s.nina, '2026-06-10T09:00:00Z');
    expect(booked).toMatchObject({ start: '2026-06-10T09:00:00.000Z', technician_name: 'Ana Ruiz', status: 'booked' });
    const row = await suite.db.first(suite.db.qb.selectFrom('bookings').select(['contact_id', 'source']).where('id', '=', booked.id));
    expect(row).toEqual({ contact_id: s.studio.nina, source: 'online' });
    const mine = await s.sendMember({ method: 'GET', path: '/appointments', as: s.nina });
    expect(mine.json<{ data: { id: string }[] }>().data.map((a) => a.id)).toContain(booked.id);
    const theirs = await s.sendMember({ method: 'GET', path: '/appointments', as: s.olgaPhone });
    expect(theirs.json<{ data: { id: string }[] }>().data.map((a) => a.id)).not.toContain(booked.id);
    expect(await s.lastMessage(s.studio.nina)).toMatchObject({ template: 'booking_confirmed', language: 'de', data: { service: 'Massage', start_at: '2026-06-10T09:00:00.000Z' } });
    // A second between the changes, so the newest message is found by its time.
    s.clock.advance(1000);
    const moved = await s.sendMember({ method: 'POST', path: `/appointments/${booked.id}/reschedule`, as: s.nina, body: { start: '2026-06-10T11:00:00Z' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await s.lastMessage(s.studio.nina)).toMatchObject({ template: 'booking_moved', data: { start_at: '2026-06-10T11:00:00.000Z', previous_start_at: '2026-06-10T09:00:00.000Z' } });
    s.clock.advance(1000);
    const cancelled = await s.sendMember({ method: 'POST', path: `/appointments/${booked.id}/cancel`, as: s.nina, body: {} });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', late_cancel: false });
    expect(await s.lastMessage(s.studio.nina)).toMatchObject({ template: 'booking_cancelled', data: { start_at: '2026-06-10T11:00:00.000Z' } });
  });

  it('tells the member when the desk books for them too: the message is queued by the service, not the route', async () => {
    s.clock.advance(1000);
    await createBooking(suite.db, s.studio.business, { location_id: s.studio.north, contact_id: s.studio.nina, service_id: s.massage, start: '2026-06-11T09:00:00Z', source: 'staff' }, s.clock.now);
    expect(await s.lastMessage(s.studio.nina)).toMatchObject({ template: 'booking_confirmed', data: { start_at: '2026-06-11T09:00:00.000Z' } });
  });

  it('never lets a member see, move or cancel another member’s appointment, nor book for another contact', async () => {
    const olgas = await book(s.olgaPhone, '2026-06-12T09:00:00Z');
    const refused = [
      await s.sendMember({ method: 'POST', path: `/appointments/${olgas.id}/reschedule`, as: s.nina, body: { start: '2026-06-12T13:00:00Z' } }),
      await s.sendMember({ method: 'POST', path: `/appointments/${olgas.id}/cancel`, as: s.nina, body: {} }),
      await s.sendMember({ method: 'GET', path: `/calendar/appointment/${olgas.id}`, as: s.nina }),
    ];
    expect(refused.map((r) => `${r.statusCode} ${codeOf(r)}`)).toEqual(['403 location_not_allowed', '403 location_not_allowed', '404 resource_missing']);
    const still = await suite.db.first(suite.db.qb.selectFrom('bookings').select(['start_at', 'status']).where('id', '=', olgas.id));
    expect(still).toEqual({ start_at: '2026-06-12T09:00:00.000Z', status: 'booked' });
    // A body naming a contact is refused by its schema: the contact is the session's.
    const named = await s.sendMember({ method: 'POST', path: '/appointments', as: s.nina, body: { service_id: s.massage, start: '2026-06-12T13:00:00Z', contact_id: s.olga } });
    expect(`${named.statusCode}`).toBe('400');
    // The service itself refuses the member another contact, whatever route would ask it.
    const nina = memberAtLocation(memberActor(s.studio.companyId, s.studio.nina, 'a-session'), s.studio.north);
    await expect(
      createBooking(suite.db, nina, { location_id: s.studio.north, contact_id: s.olga, service_id: s.massage, start: '2026-06-12T14:00:00Z', source: 'online' }, s.clock.now),
    ).rejects.toMatchObject({
      code: 'location_not_allowed',
    });
  });
});
