import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAt, salon } from './fixture.js';

describe.each(dialects)('availability across time zones and DST (%s)', (dialect) => {
  let f: Fixture;
  runAt();
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(() => f.close());

  const slots = async (s: Awaited<ReturnType<typeof salon>>, service: string, date: string, technician = s.staff[0]) => {
    const answer = await f.request('GET', `/v1/availability?service_id=${service}&technician_id=${technician}&from=${date}&to=${nextDay(date)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { start: string; end: string; technician_id: string }[];
  };
  const localTimes = (list: { start: string }[], zone: string) =>
    list.map((slot) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(slot.start)));
  const ordinaryDay = Array.from({ length: 16 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

  it.each([
    ['America/New_York', '2027-03-14', '2027-03-13', '17:00'],
    ['America/New_York', '2027-11-07', '2027-11-06', '18:00'],
    ['Europe/London', '2027-03-28', '2027-03-27', '12:00'],
    ['Europe/London', '2027-10-31', '2027-10-30', '13:00'],
  ])('%s on %s (a DST change) offers the same local starts as %s; 13:00 local is %sZ', async (zone, changeDay, ordinary, utcOfOnePm) => {
    const s = await salon(f, { timezone: zone });
    const onChange = await slots(s, s.haircut, changeDay);
    const before = await slots(s, s.haircut, ordinary);
    expect(localTimes(onChange, zone)).toEqual(ordinaryDay);
    expect(localTimes(before, zone)).toEqual(ordinaryDay);
    expect(new Set(onChange.map((slot) => slot.start)).size).toBe(onChange.length);
    const onePm = onChange[8]!;
    expect(onePm.start).toBe(`${changeDay}T${utcOfOnePm}:00.000Z`);
  });

  it('aligns the grid to the local clock in Asia/Kolkata (+05:30)', async () => {
    const s = await salon(f, { timezone: 'Asia/Kolkata', hours: { start: '09:00', end: '12:00' }, rules: { slot_interval_minutes: 15 } });
    const list = await slots(s, s.haircut, '2027-01-12');
    expect(localTimes(list, 'Asia/Kolkata')[0]).toBe('09:00');
    expect(list[0]!.start).toBe('2027-01-12T03:30:00.000Z');
    expect(localTimes(list, 'Asia/Kolkata').every((t) => ['00', '15', '30', '45'].includes(t.slice(3)))).toBe(true);
    expect(localTimes(list, 'Asia/Kolkata').at(-1)).toBe('11:30');
  });

  it('offers a slot ending exactly at closing, back to back with a booking, and respects buffers', async () => {
    const s = await salon(f, { timezone: 'America/New_York' });
    expect(localTimes(await slots(s, s.haircut, '2027-02-02'), 'America/New_York').at(-1)).toBe('16:30');
    // A haircut 10:00-10:30: the next haircut may start at 10:30 (no buffer).
    const haircut = await f.request('POST', '/v1/bookings', {
      body: { location_id: s.location, service_id: s.haircut, contact_id: s.contact, technician_id: s.staff[0], start: '2027-02-02T15:00:00Z' },
    });
    expect(haircut.status).toBe(201);
    const afterHaircut = localTimes(await slots(s, s.haircut, '2027-02-02'), 'America/New_York');
    expect(afterHaircut).not.toContain('10:00');
    expect(afterHaircut).toContain('10:30');
    // A massage 13:00-14:00 holds Ben and the room until 14:15: the next massage starts 14:30 on the 30-minute grid.
    const massage = await f.request('POST', '/v1/bookings', {
      body: { location_id: s.location, service_id: s.massage, contact_id: s.contact, technician_id: s.staff[1], start: '2027-02-02T18:00:00Z' },
    });
    expect(massage.status).toBe(201);
    expect(massage.body.end).toBe('2027-02-02T19:00:00.000Z');
    const massages = localTimes(await slots(s, s.massage, '2027-02-02', s.staff[1]), 'America/New_York');
    expect(massages).not.toContain('14:00');
    expect(massages).toContain('14:30');
    // A 12:00 massage ends at 13:00, but its own 15-minute buffer would overlap the 13:00 booking.
    expect(massages).not.toContain('12:00');
    expect(massages).toContain('11:30');
  });

  it('refuses a window over 31 days with 400 naming `to`', async () => {
    const s = await salon(f, { timezone: 'America/New_York' });
    const answer = await f.request('GET', `/v1/availability?service_id=${s.haircut}&from=2027-01-01&to=2027-02-02`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid_param', param: 'to' });
    expect((await f.request('GET', `/v1/availability?service_id=${s.haircut}&from=2027-01-01&to=2027-02-01`)).status).toBe(200);
  });
});

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

describe.each(dialects)('availability at the ends of the calendar (%s)', (dialect) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(dialect);
  });
  afterAll(() => f.close());

  // A day loop once cut year 0's and year 10000's dates to a month ('-000001-12') and never ended,
  // until the process ran out of memory: a single request could take the server down.
  it.each([
    ['0000-01-01T00:00:00Z', '0000-01-03T00:00:00Z'],
    ['0000-01-01', '0000-01-02'],
    ['9999-12-30T00:00:00Z', '9999-12-31T23:59:59.999Z'],
  ])('answers from=%s to=%s', async (from, to) => {
    const s = await salon(f, { timezone: 'Pacific/Kiritimati' });
    const answer = await f.request('GET', `/v1/availability?service_id=${s.haircut}&location_id=${s.location}&from=${from}&to=${to}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual([]);
  });
});
