import { randomUUID } from 'node:crypto';
import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAt, salon } from './fixture.js';

describe.each(dialects)('bookings (%s)', (dialect) => {
  let f: Fixture;
  runAt();
  let base: string;
  beforeAll(async () => {
    f = await startFixture(dialect);
    base = await f.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => f.close());

  const book = (s: Awaited<ReturnType<typeof salon>>, body: Record<string, unknown>) =>
    f.request('POST', '/v1/bookings', { body: { location_id: s.location, service_id: s.haircut, contact_id: s.contact, ...body } });

  it('creates with a technician or picks a free qualified one, and reads it back', async () => {
    const s = await salon(f, { timezone: 'America/New_York' });
    const first = await book(s, { start: '2027-04-06T14:00:00Z' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'booked', source: 'api', start: '2027-04-06T14:00:00.000Z', end: '2027-04-06T14:30:00.000Z', late_cancel: false });
    const second = await book(s, { start: '2027-04-06T14:00:00Z' });
    expect(second.status).toBe(201);
    expect(second.body.technician_id).not.toBe(first.body.technician_id);
    const third = await book(s, { start: '2027-04-06T14:00:00Z' });
    expect(third.status).toBe(409);
    expect(third.body.error).toMatchObject({ type: 'conflict', code: 'booking_conflict', param: 'start' });
    expect((await f.request('GET', `/v1/bookings/${first.body.id}`)).body).toEqual(first.body);
    expect((await f.request('GET', `/v1/bookings/${first.body.id}`, { key: f.keys.other })).status).toBe(404);
  });

  it('enforces minimum notice on POST even without a prior availability call, and the other rules', async () => {
    const s = await salon(f, { timezone: 'UTC', hours: { start: '00:00', end: '24:00' }, rules: { slot_interval_minutes: 15, horizon_days: 30 } });
    const soon = new Date(Math.ceil((Date.now() + 20 * 60_000) / 900_000) * 900_000).toISOString();
    const refused = await book(s, { start: soon });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'booking_rule', param: 'start' });
    expect(refused.body.error.message).toContain('minimum notice');
    expect((await book(s, { start: '2020-01-01T10:00:00Z' })).body.error.message).toContain('past');
    const farAway = new Date(Math.ceil((Date.now() + 40 * 86_400_000) / 900_000) * 900_000).toISOString();
    expect((await book(s, { start: farAway })).body.error.message).toContain('horizon');
    // 12:07 tomorrow: off the 15-minute grid, well inside the day whatever the time of the run.
    const tomorrowOffGrid = new Date(Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000 + (12 * 60 + 7) * 60_000).toISOString();
    expect((await book(s, { start: tomorrowOffGrid })).body.error.message).toContain('interval');
  });

  it('refuses a time outside working hours, and bad references', async () => {
    const s = await salon(f, { timezone: 'America/New_York' });
    expect((await book(s, { start: '2027-04-06T03:00:00Z' })).body.error).toMatchObject({ code: 'booking_rule', param: 'start' });
    expect((await book(s, { start: '2027-04-06T14:00:00Z', contact_id: randomUUID() })).body.error).toMatchObject({ code: 'resource_missing', param: 'contact_id' });
    expect((await book(s, { start: '2027-04-06T14:00:00Z', technician_id: randomUUID() })).body.error).toMatchObject({ code: 'resource_missing', param: 'technician_id' });
    expect((await book(s, { start: '2027-04-06T14:00:00Z', service_id: randomUUID() })).body.error).toMatchObject({ code: 'resource_missing', param: 'service_id' });
  });

  it('gives one booking when two technicians are free but the one room is not', async () => {
    const s = await salon(f, { timezone: 'America/New_York' });
    const start = '2027-04-07T15:00:00Z';
    const [a, b] = await Promise.all(s.staff.map((technician_id) => book(s, { service_id: s.massage, technician_id, start })));
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    const slots = await f.request('GET', `/v1/availability?service_id=${s.massage}&from=2027-04-07&to=2027-04-08`);
    expect(slots.body.data.some((slot: { start: string }) => slot.start === '2027-04-07T15:00:00.000Z')).toBe(false);
  });

  it('50 concurrent requests for one slot give exactly one 201 and 49 booking_conflict', async () => {
    const s = await salon(f, { timezone: 'America/New_York' });
    const body = JSON.stringify({ location_id: s.location, service_id: s.haircut, contact_id: s.contact, technician_id: s.staff[0], start: '2027-04-08T15:00:00Z' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${base}/v1/bookings`, { method: 'POST', headers: { authorization: `Bearer ${f.keys.all}`, 'content-type': 'application/json' }, body })),
    );
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ error?: { code: string } }>));
    expect(answers.filter((a) => a.status === 201).length).toBe(1);
    expect(bodies.filter((b) => b.error?.code === 'booking_conflict').length).toBe(49);
    const rows = await f.db.all(f.db.qb.selectFrom('bookings').select('id').where('location_id', '=', s.location).where('status', '=', 'booked'));
    expect(rows.length).toBe(1);
  });

  it('cancels (late inside the window, twice unchanged), reschedules without conflicting with itself, and guards finished bookings', async () => {
    const s = await salon(f, { timezone: 'UTC', hours: { start: '00:00', end: '24:00' }, rules: { min_notice_minutes: 0, cancellation_window_hours: 24 } });
    const soon = new Date(Math.ceil((Date.now() + 2 * 3600_000) / 1_800_000) * 1_800_000).toISOString();
    const later = new Date(Math.ceil((Date.now() + 72 * 3600_000) / 1_800_000) * 1_800_000).toISOString();
    const early = await book(s, { start: soon, technician_id: s.staff[0] });
    const cancelled = await f.request('POST', `/v1/bookings/${early.body.id}/cancel`, { body: { reason: 'sick' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', late_cancel: true, cancellation_reason: 'sick' });
    const again = await f.request('POST', `/v1/bookings/${early.body.id}/cancel`, { payload: '', headers: { 'content-type': 'application/json' } });
    expect(again.body).toEqual(cancelled.body);
    const ahead = await book(s, { start: later, technician_id: s.staff[0] });
    expect((await f.request('POST', `/v1/bookings/${ahead.body.id}/cancel`, { body: {} })).body.late_cancel).toBe(false);

    const moving = await book(s, { start: later, technician_id: s.staff[1] });
    const shifted = new Date(Date.parse(later) + 30 * 60_000).toISOString();
    const moved = await f.request('POST', `/v1/bookings/${moving.body.id}/reschedule`, { body: { start: shifted } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: moving.body.id, technician_id: s.staff[1], start: shifted, status: 'booked' });
    const blocker = await book(s, { start: later, technician_id: s.staff[1] });
    expect(blocker.status).toBe(201);
    expect((await f.request('POST', `/v1/bookings/${moving.body.id}/reschedule`, { body: { start: later } })).body.error.code).toBe('booking_conflict');
    await f.db.run(f.db.qb.updateTable('bookings').set({ status: 'completed' }).where('id', '=', blocker.body.id));
    for (const action of ['cancel', 'reschedule']) {
      const answer = await f.request('POST', `/v1/bookings/${blocker.body.id}/${action}`, { body: action === 'cancel' ? {} : { start: shifted } });
      expect(answer.status, action).toBe(409);
      expect(answer.body.error.code).toBe('booking_not_active');
    }
  });

  it('lists by location, contact and time window, earliest first, page by page', async () => {
    const s = await salon(f, { timezone: 'America/New_York' });
    const other = (await f.request('POST', '/v1/contacts', { body: { first_name: 'Other', location_id: s.location } })).body.id;
    for (const [hour, contact] of [
      [14, s.contact],
      [15, other],
      [16, s.contact],
      [17, s.contact],
    ] as const) {
      expect((await book(s, { start: `2027-05-03T${hour}:00:00Z`, contact_id: contact, technician_id: s.staff[0] })).status).toBe(201);
    }
    const mine = await f.request('GET', `/v1/bookings?location_id=${s.location}&contact_id=${s.contact}&limit=2`);
    expect(mine.body.data.map((b: { start: string }) => b.start)).toEqual(['2027-05-03T14:00:00.000Z', '2027-05-03T16:00:00.000Z']);
    const rest = await f.request('GET', `/v1/bookings?location_id=${s.location}&contact_id=${s.contact}&limit=2&cursor=${encodeURIComponent(mine.body.next_cursor)}`);
    expect(rest.body.data.map((b: { start: string }) => b.start)).toEqual(['2027-05-03T17:00:00.000Z']);
    const window = await f.request('GET', `/v1/bookings?location_id=${s.location}&from=2027-05-03T15:00:00Z&to=2027-05-03T17:00:00Z`);
    expect(window.body.data.map((b: { start: string }) => b.start)).toEqual(['2027-05-03T15:00:00.000Z', '2027-05-03T16:00:00.000Z']);
    // A bare date is local midnight at the location (New York, UTC-4 in May).
    const day = await f.request('GET', `/v1/bookings?location_id=${s.location}&from=2027-05-03&to=2027-05-04`);
    expect(day.body.data.length).toBe(4);
  });
});
