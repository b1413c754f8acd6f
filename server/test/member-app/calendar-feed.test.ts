import { randomUUID } from 'node:crypto';
import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentStudio } from './appointment-studio.js';

type Studio = Awaited<ReturnType<typeof appointmentStudio>>;

/** The UIDs and starts of an iCalendar text's events. */
function events(text: string): { uid: string; start: string }[] {
  return [...text.matchAll(/BEGIN:VEVENT[\s\S]*?END:VEVENT/g)].map(([event]) => ({ uid: /UID:(\S+)/.exec(event)![1]!, start: /DTSTART:(\S+)/.exec(event)![1]! }));
}

describe.each(dialects)("a member's calendar: an .ics per booking, and a private feed authorized by its token alone (%s)", (dialect) => {
  const suite = useFreshDatabase(dialect);
  let s: Studio;
  let ninas: string;
  let olgas: string;
  let ninasClass: string;
  beforeAll(async () => {
    s = await appointmentStudio(suite.db);
    const book = async (as: Studio['nina'], start: string) => (await s.sendMember({ method: 'POST', path: '/appointments', as, body: { service_id: s.massage, start } })).json<{ id: string }>().id;
    ninas = await book(s.nina, '2026-06-10T09:00:00Z');
    olgas = await book(s.olgaPhone, '2026-06-10T11:00:00Z');
    // A class place, written as the class module writes it (the members' app reads class_attendees).
    const db = suite.db;
    const service = randomUUID();
    const classId = randomUUID();
    const at = '2026-05-01T00:00:00.000Z';
    await db.run(
      db.qb.insertInto('services').values({
        ...{ id: service, company_id: s.studio.companyId, location_id: s.studio.north, name: 'Spin', description: null, category: null, kind: 'class', duration_minutes: 45, price_cents: 0 },
        ...{ buffer_before_minutes: 0, buffer_after_minutes: 0, room_id: null, requires_entitlement: 0, free_classes: 0, first_timers_only: 0, created_at: at },
      }),
    );
    await db.run(
      db.qb.insertInto('classes').values({
        id: classId,
        company_id: s.studio.companyId,
        location_id: s.studio.north,
        service_id: service,
        staff_id: null,
        room_id: null,
        series_id: null,
        start_at: '2026-06-09T17:00:00.000Z',
        end_at: '2026-06-09T17:45:00.000Z',
        capacity: 10,
        status: 'scheduled',
        created_at: at,
      }),
    );
    ninasClass = randomUUID();
    await db.run(
      db.qb.insertInto('class_attendees').values({
        ...{ id: ninasClass, company_id: s.studio.companyId, class_id: classId, contact_id: s.studio.nina, status: 'reserved', paid_by: 'none', membership_id: null, source: 'online' },
        ...{ excused: 0, visit_id: null, guest_of_contact_id: null, booked_at: at, checked_in_at: null, cancelled_at: null, updated_at: at },
      }),
    );
  });
  afterAll(() => s.app.close());

  const feedOf = (url: string) => s.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { host: 'studio.test' } });

  it('downloads one booking as an .ics with its start in UTC, an appointment or a class', async () => {
    const ics = await s.sendMember({ method: 'GET', path: `/calendar/appointment/${ninas}`, as: s.nina });
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.headers['content-disposition']).toMatch(/^attachment; filename="appointment-[0-9a-f]{8}\.ics"$/);
    expect(events(ics.body)).toEqual([{ uid: `appointment-${ninas}@studio`, start: '20260610T090000Z' }]);
    const spin = await s.sendMember({ method: 'GET', path: `/calendar/class/${ninasClass}`, as: s.nina });
    expect(events(spin.body)).toEqual([{ uid: `class-${ninasClass}@studio`, start: '20260609T170000Z' }]);
    // Another member's class place, or an appointment id asked for as a class: not found.
    expect((await s.sendMember({ method: 'GET', path: `/calendar/class/${ninasClass}`, as: s.olgaPhone })).statusCode).toBe(404);
    expect((await s.sendMember({ method: 'GET', path: `/calendar/class/${ninas}`, as: s.nina })).statusCode).toBe(404);
  });

  it('answers the feed without a cookie with its member’s upcoming bookings only; a renewed link kills the old one, a revoked one too', async () => {
    expect((await s.sendMember({ method: 'GET', path: '/calendar-feed', as: s.nina })).json()).toEqual({ active: false, created_at: null, url: null });
    const made = await s.sendMember({ method: 'POST', path: '/calendar-feed', as: s.nina });
    const first = made.json<{ url: string; active: boolean }>();
    expect(first.url).toMatch(/^http:\/\/studio\.test\/m\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the hash is kept: the link is not shown again.
    expect((await s.sendMember({ method: 'GET', path: '/calendar-feed', as: s.nina })).json()).toMatchObject({ active: true, url: null });
    const stored = await suite.db.first(suite.db.qb.selectFrom('member_calendar_feeds').select('token_hash').where('contact_id', '=', s.studio.nina));
    expect(first.url).not.toContain(stored!.token_hash);

    const feed = await feedOf(first.url);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(events(feed.body).map((e) => e.uid)).toEqual([`class-${ninasClass}@studio`, `appointment-${ninas}@studio`]);
    expect(feed.body).not.toContain(olgas);

    const olgasFeed = (await s.sendMember({ method: 'POST', path: '/calendar-feed', as: s.olgaPhone })).json<{ url: string }>().url;
    expect(events((await feedOf(olgasFeed)).body).map((e) => e.uid)).toEqual([`appointment-${olgas}@studio`]);

    const renewed = (await s.sendMember({ method: 'POST', path: '/calendar-feed', as: s.nina })).json<{ url: string }>().url;
    expect(renewed).not.toBe(first.url);
    const old = await feedOf(first.url);
    expect(old.statusCode).toBe(404);
    expect(old.json<{ error: { code: string } }>().error.code).toBe('resource_missing');
    expect((await feedOf(renewed)).statusCode).toBe(200);

    expect((await s.sendMember({ method: 'DELETE', path: '/calendar-feed', as: s.nina })).statusCode).toBe(204);
    expect((await feedOf(renewed)).statusCode).toBe(404);
    expect((await feedOf(olgasFeed)).statusCode).toBe(200);
  });

  it('leaves a cancelled booking out of the feed', async () => {
    const url = (await s.sendMember({ method: 'POST', path: '/calendar-feed', as: s.olgaPhone })).json<{ url: string }>().url;
    await s.sendMember({ method: 'POST', path: `/appointments/${olgas}/cancel`, as: s.olgaPhone, body: {} });
    expect(events((await feedOf(url)).body)).toEqual([]);
  });
});
