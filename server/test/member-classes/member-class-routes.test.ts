import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { cancelClass } from '../../src/modules/classes/admin.js';
import { bookClass } from '../../src/modules/classes/book.js';
import { memberAtLocation } from '../../src/domain/actor.js';
import { memberSessionFromToken } from '../../src/modules/member-auth/sessions.js';
import { memberAuthSettings } from '../../src/modules/member-auth/settings.js';
import { memberClassStudio } from './class-studio.js';

// The hand clock starts on Monday 1 June 2026, 09:00 UTC (10:00 in London, BST).
const monday = (time: string) => `2026-06-01T${time}:00.000Z`;
const wednesday = (time: string) => `2026-06-03T${time}:00.000Z`;

type Mine = { state: string; position: number | null; waitlist_id: string | null; offer_until: string | null; offer_until_local: string | null; cancel: { late: boolean; cost: string } | null };
type Cls = { id: string; local_start: string; local_date: string; spots_left: number; waiting: number; service_name: string; instructor_name: string | null; mine: Mine };

describe.each(dialects)("members' app: classes (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Awaited<ReturnType<typeof memberClassStudio>>;
  const classIn = (body: { classes: Cls[] }, id: string) => body.classes.find((cls) => cls.id === id);

  beforeAll(async () => {
    s = await memberClassStudio(suite.db);
  }, 60_000);
  afterAll(() => s.app.close());

  it("lists this week's and next week's classes at the member's location, in its zone, with filters of the week's class types and instructors", async () => {
    const spin = await s.classAt(wednesday('17:00'));
    const yoga = await s.classAt(wednesday('08:00'), { serviceId: s.yoga, instructor: false });
    const over = await s.classAt(monday('07:00'));
    const nextWeek = await s.classAt('2026-06-09T06:30:00.000Z');
    const south = await s.classAt(wednesday('17:00'), { serviceId: s.southSpin, locationId: s.studio.south });
    const week = await s.nina.get('/classes');
    expect(week.statusCode).toBe(200);
    const body = week.json<{ time_zone: string; week_start: string; week_end: string; classes: Cls[]; services: { name: string }[]; instructors: { name: string }[] }>();
    expect(body).toMatchObject({ time_zone: 'Europe/London', week_start: '2026-06-01', week_end: '2026-06-07' });
    expect(body.classes.map((cls) => cls.id)).toEqual([yoga, spin]);
    expect(classIn(body, spin)).toMatchObject({
      local_date: '2026-06-03',
      local_start: '18:00',
      local_end: '19:00',
      spots_left: 10,
      waiting: 0,
      instructor_name: 'Ivy Reyes',
      mine: { state: 'none' },
    });
    expect(body.services.map((service) => service.name)).toEqual(['Spin', 'Yoga']);
    expect(body.instructors.map((instructor) => instructor.name)).toEqual(['Ivy Reyes']);
    expect(body.classes.map((cls) => cls.id)).not.toContain(over);
    expect(body.classes.map((cls) => cls.id)).not.toContain(south);

    const onlyYoga = (await s.nina.get(`/classes?service_id=${s.yoga}`)).json<{ classes: Cls[] }>();
    expect(onlyYoga.classes.map((cls) => cls.id)).toEqual([yoga]);
    const onlyIvy = (await s.nina.get(`/classes?instructor_id=${s.ivy}`)).json<{ classes: Cls[] }>();
    expect(onlyIvy.classes.map((cls) => cls.id)).toEqual([spin]);
    const next = (await s.nina.get('/classes?week=next')).json<{ week_start: string; classes: Cls[] }>();
    expect(next.week_start).toBe('2026-06-08');
    expect(next.classes.map((cls) => cls.id)).toEqual([nextWeek]);
  });

  it('books in one tap for the member alone, tells them by email, and answers a second tap as already booked', async () => {
    const cls = await s.classAt(wednesday('18:00'), { capacity: 2 });
    const booked = await s.nina.post(`/classes/${cls}/book`);
    expect(booked.statusCode).toBe(201);
    expect(booked.json<Cls>()).toMatchObject({ spots_left: 1, mine: { state: 'booked', cancel: { late: false, cost: 'membership_visit' } } });
    expect((await s.nina.post(`/classes/${cls}/book`)).statusCode).toBe(200);
    const messages = (await s.classMessages(s.studio.nina)).filter((message) => message.data.start_at === wednesday('18:00'));
    expect(messages).toMatchObject([
      { template: 'booking_confirmed', to_address: 'Nina@Example.com', language: 'de', location_id: s.studio.north, data: { service: 'Spin', start_at: wednesday('18:00') } },
    ]);
    const bookings = (await s.nina.get('/bookings')).json<{ data: Cls[] }>();
    expect(bookings.data.map((entry) => entry.id)).toContain(cls);
    // nora sees the class with one spot fewer, and nothing of nina's.
    const norasView = classIn((await s.noraApp.get('/classes')).json<{ classes: Cls[] }>(), cls);
    expect(norasView).toMatchObject({ spots_left: 1, mine: { state: 'none' } });
    expect((await s.noraApp.get('/bookings')).json<{ data: Cls[] }>().data.map((entry) => entry.id)).not.toContain(cls);
  });

  it("never takes a contact from the request, cannot cancel another member's spot, and a class of another location is refused", async () => {
    const cls = await s.classAt(wednesday('19:00'));
    const other = await s.nina.post(`/classes/${cls}/book`, { contact_id: s.nora });
    expect(other.statusCode).toBe(400);
    expect(other.json<{ error: { code: string; param: string } }>().error).toMatchObject({ code: 'parameter_unknown', param: 'contact_id' });
    expect((await s.noraApp.post(`/classes/${cls}/book`)).statusCode).toBe(201);
    // nina's cancel is her own: nora's spot is not hers to release.
    const cancel = await s.nina.post(`/classes/${cls}/cancel`);
    expect(cancel.statusCode).toBe(404);
    expect(classIn((await s.noraApp.get('/classes')).json<{ classes: Cls[] }>(), cls)?.mine.state).toBe('booked');
    // The services themselves refuse another contact for a member, whatever a route would pass.
    const session = await memberSessionFromToken(suite.db, memberAuthSettings(s.clock.now), s.nina.token);
    await expect(bookClass(suite.db, memberAtLocation(session.actor, s.studio.north), cls, { contact_id: s.nora }, s.clock.now)).rejects.toMatchObject({ code: 'location_not_allowed' });
    const south = await s.classAt(wednesday('19:00'), { serviceId: s.southSpin, locationId: s.studio.south });
    expect((await s.nina.post(`/classes/${south}/book`)).json<{ error: { code: string } }>().error.code).toBe('location_not_allowed');
  });

  it('a late cancel says so and what it used up; the freed spot is offered to the waitlist by email with an accept link, accepted before its deadline', async () => {
    // Tonight at 19:00 London: inside the 12-hour window and the 24-hour offer cutoff.
    const cls = await s.classAt(monday('18:00'), { capacity: 1 });
    expect((await s.nina.post(`/classes/${cls}/book`)).statusCode).toBe(201);
    const full = await s.noraApp.post(`/classes/${cls}/book`);
    expect(full.json<{ error: { code: string } }>().error.code).toBe('class_full');
    const joined = await s.noraApp.post(`/classes/${cls}/waitlist`);
    expect(joined.json<Cls>()).toMatchObject({ waiting: 1, mine: { state: 'waiting', position: 1 } });
    const before = (await s.nina.get('/bookings')).json<{ data: Cls[] }>().data.find((entry) => entry.id === cls);
    expect(before?.mine.cancel).toMatchObject({ late: true, cost: 'membership_visit' });

    const cancelled = await s.nina.post(`/classes/${cls}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ late: true, cost: 'membership_visit', class: { mine: { state: 'none' } } });
    expect(
      (await s.classMessages(s.studio.nina))
        .filter((m) => m.data.start_at === monday('18:00'))
        .map((m) => m.template)
        .sort(),
    ).toEqual(['booking_cancelled', 'booking_confirmed']);
    const offer = (await s.classMessages(s.nora)).find((m) => m.template === 'waitlist_offer' && m.data.start_at === monday('18:00'))!;
    // Offered for the location's 60 minutes from now.
    expect(offer.data).toMatchObject({ service: 'Spin', deadline_at: new Date(s.clock.now() + 3600_000).toISOString() });
    const waitlistId = offer.data.waitlist_id!;

    const mine = classIn((await s.noraApp.get('/classes')).json<{ classes: Cls[] }>(), cls);
    expect(mine?.mine).toMatchObject({ state: 'offered', waitlist_id: waitlistId, offer_until_local: '11:00' });
    // Another member's offer is not found, as one that never was.
    expect((await s.nina.get(`/offers/${waitlistId}`)).statusCode).toBe(404);
    expect((await s.nina.post(`/offers/${waitlistId}/accept`)).statusCode).toBe(404);
    expect((await s.noraApp.get(`/offers/${waitlistId}`)).json()).toMatchObject({ status: 'open', class: { id: cls } });
    const accepted = await s.noraApp.post(`/offers/${waitlistId}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', class: { mine: { state: 'booked' } } });
    expect(
      (await s.classMessages(s.nora))
        .filter((m) => m.data.start_at === monday('18:00'))
        .map((m) => m.template)
        .sort(),
    ).toEqual(['booking_confirmed', 'waitlist_offer']);
  });

  it('leaving the waitlist or declining an offer passes the spot on; an offer past its deadline is refused in plain words', async () => {
    const cls = await s.classAt(monday('20:00'), { capacity: 1 });
    expect((await s.nina.post(`/classes/${cls}/book`)).statusCode).toBe(201);
    expect((await s.noraApp.post(`/classes/${cls}/waitlist`)).statusCode).toBe(200);
    const left = await s.noraApp.delete(`/classes/${cls}/waitlist`);
    expect(left.json<Cls>()).toMatchObject({ waiting: 0, mine: { state: 'none' } });
    await s.noraApp.post(`/classes/${cls}/waitlist`);
    await s.nina.post(`/classes/${cls}/cancel`);
    const offer = (await s.classMessages(s.nora)).find((m) => m.template === 'waitlist_offer' && m.data.start_at === monday('20:00'))!;
    s.clock.advance(61 * 60_000);
    const late = await s.noraApp.post(`/offers/${offer.data.waitlist_id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { code: string; message: string } }>().error).toMatchObject({ code: 'offer_expired' });
    expect((await s.noraApp.get(`/offers/${offer.data.waitlist_id}`)).json()).toMatchObject({ status: 'expired' });

    const declined = await s.classAt(monday('21:00'), { capacity: 1 });
    await s.nina.post(`/classes/${declined}/book`);
    await s.noraApp.post(`/classes/${declined}/waitlist`);
    await s.nina.post(`/classes/${declined}/cancel`);
    const second = (await s.classMessages(s.nora)).find((m) => m.template === 'waitlist_offer' && m.data.start_at === monday('21:00'))!;
    const answer = await s.noraApp.post(`/offers/${second.data.waitlist_id}/decline`);
    expect(answer.json()).toMatchObject({ status: 'declined', class: { spots_left: 1, mine: { state: 'none' } } });
  });

  it('tells each booked member when the studio cancels the class, and a desk booking confirms by email too', async () => {
    const cls = await s.classAt(wednesday('07:00'));
    await bookClass(suite.db, s.studio.business, cls, { contact_id: s.nora }, s.clock.now);
    await s.nina.post(`/classes/${cls}/book`);
    await cancelClass(suite.db, s.studio.business, cls, s.clock.now());
    for (const contact of [s.studio.nina, s.nora]) {
      expect(
        (await s.classMessages(contact))
          .filter((m) => m.data.start_at === wednesday('07:00'))
          .map((m) => m.template)
          .sort(),
      ).toEqual(['booking_confirmed', 'class_cancelled']);
    }
    const view = classIn((await s.nina.get('/classes')).json<{ classes: Cls[] }>(), cls);
    expect(view).toMatchObject({ status: 'cancelled', open: false, mine: { state: 'none' } });
  });
});
