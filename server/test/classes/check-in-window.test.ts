import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';

/** The injected clock every test starts from; every other time is relative to it. */
const now = '2027-03-03T15:00:00.000Z';
const minutesFrom = (iso: string, n: number) => new Date(Date.parse(iso) + n * 60_000).toISOString();
const at = (iso: string) => vi.setSystemTime(new Date(iso));

/**
 * One class check-in window, opening N minutes before the start and closing M minutes after it
 * (the location's `classes.checkin_opens_minutes_before` / `checkin_closes_minutes_after`, default
 * 30 / 15), both edges included, refused outside with 422 `checkin_window` in the location's time.
 */
describe.each(dialects)('class check-in window (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });

  /** A class at `start` with one booked guest per probe, booked an hour before the window. */
  async function classWithGuests(start: string, guests: number, options: { locationId?: string } = {}) {
    const serviceId = await s.c.service(options.locationId === undefined ? {} : { locationId: options.locationId });
    const cls = await s.c.classAt(start, { serviceId, ...options });
    at(minutesFrom(start, -24 * 60));
    const ids: string[] = [];
    for (let i = 0; i < guests; i++) {
      const guest = await s.c.contact(options.locationId === undefined ? {} : { locationId: options.locationId });
      expect((await s.c.book(cls, guest)).status).toBe(201);
      ids.push(guest);
    }
    return { cls, guests: ids };
  }
  const checkInAt = async (when: string, cls: string, contactId: string) => {
    at(when);
    return s.c.checkIn(cls, contactId);
  };

  it('opens exactly 30 minutes before the start by default: a minute earlier is refused, saying when it opens in local time', async () => {
    const start = minutesFrom(now, 24 * 60 + 210); // tomorrow 15:30 New York time
    const { cls, guests } = await classWithGuests(start, 2);

    const early = await checkInAt(minutesFrom(start, -31), cls, guests[0]!);
    expect(early.status).toBe(422);
    const opensAt = minutesFrom(start, -30);
    expect(early.body.error).toMatchObject({ code: 'checkin_window', opens_at: opensAt, closes_at: minutesFrom(start, 15) });
    expect(early.body.error.message).toContain(DateTime.fromISO(opensAt, { zone: 'America/New_York' }).toFormat('HH:mm'));
    expect((await s.c.detail(cls)).roster[0].status).toBe('reserved');

    expect((await checkInAt(opensAt, cls, guests[0]!)).body.status).toBe('checked_in');
    expect((await checkInAt(minutesFrom(start, -1), cls, guests[1]!)).body.status).toBe('checked_in');
  });

  it('closes 15 minutes after the start by default, both edges included', async () => {
    const start = minutesFrom(now, 3 * 60);
    const { cls, guests } = await classWithGuests(start, 2);
    expect((await checkInAt(minutesFrom(start, 15), cls, guests[0]!)).body.status).toBe('checked_in');
    const late = await checkInAt(minutesFrom(start, 16), cls, guests[1]!);
    expect(late.status).toBe(422);
    expect(late.body.error.code).toBe('checkin_window');
    expect(late.body.error.message).toMatch(/closed at/);
    // Already checked in answers the same, whenever it is asked.
    expect((await checkInAt(minutesFrom(start, 120), cls, guests[0]!)).body.status).toBe('checked_in');
  });

  it('refuses a tap hours before an evening class (03:51 for 18:30)', async () => {
    const day = DateTime.fromISO(now, { zone: 'America/New_York' }).plus({ days: 1 });
    const start = day.set({ hour: 18, minute: 30, second: 0, millisecond: 0 }).toUTC().toISO()!;
    const { cls, guests } = await classWithGuests(start, 1);
    const tap = await checkInAt(day.set({ hour: 3, minute: 51 }).toUTC().toISO()!, cls, guests[0]!);
    expect(tap.status).toBe(422);
    expect(tap.body.error).toMatchObject({ code: 'checkin_window' });
    expect(tap.body.error.message).toContain('18:00');
  });

  it("follows the location's settings, and tells the kiosk the window with the timetable", async () => {
    const site = await s.c.location({ classes: { checkin_opens_minutes_before: 10, checkin_closes_minutes_after: 0 } });
    const start = minutesFrom(now, 5 * 60);
    const { cls, guests } = await classWithGuests(start, 3, { locationId: site });
    at(now);
    const listed = (await s.f.request('GET', `/v1/classes?location_id=${site}`)).body.data.find((c: { id: string }) => c.id === cls);
    expect(listed).toMatchObject({ checkin_opens_at: minutesFrom(start, -10), checkin_closes_at: start });
    expect((await s.c.detail(cls)).checkin_opens_at).toBe(minutesFrom(start, -10));

    expect((await checkInAt(minutesFrom(start, -11), cls, guests[0]!)).status).toBe(422);
    expect((await checkInAt(minutesFrom(start, -10), cls, guests[0]!)).body.status).toBe('checked_in');
    expect((await checkInAt(start, cls, guests[1]!)).body.status).toBe('checked_in');
    expect((await checkInAt(minutesFrom(start, 1), cls, guests[2]!)).status).toBe(422);
  });

  it('records an offline report outside the window, flagged for staff rather than refused', async () => {
    const site = await s.c.location();
    const yoga = await s.c.service({ locationId: site, requiresEntitlement: true });
    const start = minutesFrom(now, 2 * 60);
    const cls = await s.c.classAt(start, { serviceId: yoga, locationId: site });
    const member = await s.c.member({ locationId: site });
    expect((await s.c.book(cls, member.contactId)).body.paid_by).toBe('membership');

    at(minutesFrom(start, 60));
    const reported = minutesFrom(start, -45); // a kiosk with a stale window let them in 45 minutes early
    const body = { contact_id: member.contactId, checked_in_at: reported, source: 'kiosk', device_id: 'studio-kiosk', offline: true };
    // A late report is a device's: sent with the kiosk's own device key (issue 29).
    const answer = await s.f.request('POST', `/v1/classes/${cls}/check-in`, { body, key: await s.f.deviceKey('studio-kiosk', 'kiosk', site) });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('checked_in');
    const visits = (await s.f.request('GET', `/v1/members/${member.membershipId}/visits`)).body.data;
    expect(visits).toMatchObject([{ kind: 'class', class_id: cls, checked_in_at: reported, offline: true, flags: ['outside_checkin_window'] }]);
  });

  it("counts real minutes across a daylight-saving change in the location's zone", async () => {
    // The first spring-forward in New York after the injected clock: 02:00 jumps to 03:00.
    let changeDay = DateTime.fromISO(now, { zone: 'America/New_York' }).startOf('day');
    while (changeDay.endOf('day').offset <= changeDay.offset) changeDay = changeDay.plus({ days: 1 });
    const start = changeDay.set({ hour: 3, minute: 10 }).toUTC().toISO()!; // 20 real minutes after 01:50 EST
    const { cls, guests } = await classWithGuests(start, 1);

    const early = await checkInAt(minutesFrom(start, -31), cls, guests[0]!);
    expect(early.status).toBe(422);
    // 30 real minutes before 03:10 EDT is 01:40 EST, not 02:40 (a time that day does not have).
    expect(early.body.error.message).toContain('01:40');
    expect((await checkInAt(minutesFrom(start, -30), cls, guests[0]!)).body.status).toBe('checked_in');
  });
});
