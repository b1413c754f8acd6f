import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availability } from '../../src/modules/appointments/bookings-service.js';
import type { Target } from '../authorization/authorization-decisions.js';
import { appointmentSetupAt } from '../authorization/appointments-matrix-data.js';
import { webStudio, type Browser } from './web-studio.js';

type Studio = Awaited<ReturnType<typeof webStudio>>;
interface Slot {
  start: string;
  staff_id: string;
}

/**
 * The calendar's endpoints as the page uses them: open slots are GET /v1/availability's, a booking
 * into one shows on the calendar, a clash is refused naming the booking it clashes with, a move and
 * a cancellation keep the API's rules, and changed hours change the slots.
 */
describe.each(dialects)('web appointments (%s)', (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  let owner: Browser;
  let t: Target;
  let staffId: string;
  let serviceId: string;
  beforeAll(async () => {
    s = await webStudio(suite.db);
    owner = await s.signIn('olive@alder.example');
    t = { company: s.studio, location: s.studio.north, contact: s.studio.nina, account: '', clock: s.clock.now };
    ({ staffId, serviceId } = await appointmentSetupAt(suite.db, t));
  }, 60_000);
  afterAll(() => s.app.close());

  const slotsOn = async (date: string) =>
    (await s.send({ method: 'GET', url: `/app/api/appointments/slots?location_id=${t.location}&service_id=${serviceId}&staff_id=${staffId}&date=${date}`, as: owner })).json<{ data: Slot[] }>().data;

  it("offers exactly the slots of GET /v1/availability's service for the day", async () => {
    const web = await slotsOn('2026-06-02');
    // GET /v1/availability's own service, on the app's clock.
    const apiSlots = await availability(suite.db, s.studio.business, { service_id: serviceId, technician_id: staffId, from: '2026-06-02', to: '2026-06-03' }, s.clock.now);
    expect(web.length).toBeGreaterThan(0);
    expect(web.map((slot) => [slot.start, slot.staff_id])).toEqual(apiSlots.map((slot) => [slot.start, slot.technician_id]));
  });

  it('books into a slot, refuses a clash naming it, moves and cancels the booking', async () => {
    const book = (start: string) =>
      s.send({ method: 'POST', url: '/app/api/appointments/bookings', as: owner, body: { location_id: t.location, service_id: serviceId, staff_id: staffId, contact_id: t.contact, start } });
    const made = await book('2026-06-02T10:00:00.000Z');
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json<{ id: string; status: string; contact_name: string; staff_name: string }>();
    expect(booking).toMatchObject({ status: 'booked', contact_name: 'Nina', staff_name: 'Tess Therapist' });
    expect((await slotsOn('2026-06-02')).map((slot) => slot.start)).not.toContain('2026-06-02T10:00:00.000Z');

    const clash = await book('2026-06-02T10:30:00.000Z');
    expect(clash.statusCode).toBe(409);
    const error = clash.json<{ error: { code: string; message: string; clash: { booking_id: string } } }>().error;
    expect(error.code).toBe('booking_conflict');
    // Europe/London in June is UTC+1.
    expect(error.message).toBe("That time clashes with Tess Therapist's booking 11:00–12:00: Massage with Nina. Choose an open slot.");
    expect(error.clash.booking_id).toBe(booking.id);

    const moved = await s.send({ method: 'POST', url: `/app/api/appointments/bookings/${booking.id}/reschedule`, as: owner, body: { start: '2026-06-02T10:15:00.000Z' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ start: '2026-06-02T10:15:00.000Z', end: '2026-06-02T11:15:00.000Z' });

    const calendar = await s.send({ method: 'GET', url: `/app/api/appointments/calendar?location_id=${t.location}&date=2026-06-02`, as: owner });
    const view = calendar.json<{ bookings: { id: string; start: string }[]; staff: { id: string; days: { working: unknown[] }[] }[] }>();
    expect(view.bookings.map((b) => [b.id, b.start])).toContainEqual([booking.id, '2026-06-02T10:15:00.000Z']);
    expect(view.staff.find((member) => member.id === staffId)!.days[0]!.working).toEqual([{ start: '2026-06-01T23:00:00.000Z', end: '2026-06-02T23:00:00.000Z' }]);

    const cancelled = await s.send({ method: 'POST', url: `/app/api/appointments/bookings/${booking.id}/cancel`, as: owner, body: {} });
    expect(cancelled.statusCode).toBe(200);
    // 25 hours ahead, outside the 24-hour window: not late.
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', late_cancel: false });
    expect((await slotsOn('2026-06-02')).map((slot) => slot.start)).toContain('2026-06-02T10:00:00.000Z');
  });

  it('changes the open slots when the hours change, and lets only an owner or a manager change them', async () => {
    // 2 June 2026 is a Tuesday.
    const hours = { location_id: t.location, hours: { tuesday: [{ start: '09:00', end: '12:00' }] } };
    const desk = await s.signIn('dee@alder.example');
    const refused = await s.send({ method: 'POST', url: `/app/api/appointments/staff/${staffId}/hours`, as: desk, body: hours });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('role_not_allowed');

    const changed = await s.send({ method: 'POST', url: `/app/api/appointments/staff/${staffId}/hours`, as: owner, body: hours });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ hours: Record<string, unknown[]> }>().hours.tuesday).toEqual([{ start: '09:00', end: '12:00' }]);
    const starts = (await slotsOn('2026-06-02')).map((slot) => slot.start);
    // 09:00 to 11:00 local (BST), every 15 minutes.
    expect(starts[0]).toBe('2026-06-02T08:00:00.000Z');
    expect(starts.at(-1)).toBe('2026-06-02T10:00:00.000Z');
    expect(starts).toHaveLength(9);

    const overlapping = await s.send({
      method: 'POST',
      url: `/app/api/appointments/staff/${staffId}/hours`,
      as: owner,
      body: {
        location_id: t.location,
        hours: {
          monday: [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      },
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json<{ error: { message: string } }>().error.message).toContain('overlap');

    const off = await s.send({ method: 'POST', url: `/app/api/appointments/staff/${staffId}/override`, as: owner, body: { location_id: t.location, date: '2026-06-02', spans: [] } });
    expect(off.json<{ overrides: unknown[] }>().overrides).toEqual([{ date: '2026-06-02', day_off: true, spans: [] }]);
    expect(await slotsOn('2026-06-02')).toEqual([]);
  });
});
