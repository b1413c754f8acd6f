import { randomUUID } from 'node:crypto';
import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../../src/domain/actor.js';
import { addToWaitlist, cancelClass, updateClass } from '../../src/modules/classes/admin.js';
import { cancelClassSpot } from '../../src/modules/classes/cancel.js';
import { createOneOffClass } from '../../src/modules/classes/one-off.js';
import { restoreClass } from '../../src/modules/classes/restore.js';
import { createSeries, listSeries } from '../../src/modules/classes/series.js';
import { endSeries, extendSeries, updateSeries } from '../../src/modules/classes/series-change.js';
import { seriesClassRows, type SeriesRow } from '../../src/modules/classes/series-classes.js';
import { moveWaitlistEntry } from '../../src/modules/classes/waitlist-order.js';

const now = '2027-03-01T12:00:00.000Z';
const clock = () => Date.parse(now);

/** A series row as stored, for the pure expansion. */
function seriesRow(over: Partial<SeriesRow>): SeriesRow {
  return {
    id: randomUUID(),
    company_id: 'c',
    location_id: 'l',
    service_id: 's',
    staff_id: null,
    room_id: null,
    weekdays: '[1,2,3,4,5,6,7]',
    start_time: '07:00',
    duration_minutes: 60,
    capacity: 10,
    starts_on: '2027-01-01',
    ends_on: '2027-12-31',
    created_at: now,
    ...over,
  };
}

describe('series expansion across DST changes (a sweep of zones and wall times)', () => {
  const zones = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'America/Santiago', 'Asia/Tokyo', 'Pacific/Chatham'];
  const times = ['00:30', '01:30', '02:30', '03:00', '07:00', '12:15', '23:30'];
  it.each(zones)('keeps every class at its wall time in %s, or moves it on by the gap the clocks skip', (zone) => {
    for (const start_time of times) {
      const rows = seriesClassRows(seriesRow({ start_time }), zone, { from: '2027-01-01', to: '2027-12-31' }, 0, now);
      // One class a day, every day of the year: none lost, none doubled on a day the clocks go back.
      expect(rows).toHaveLength(365);
      const days = new Set<string>();
      for (const row of rows) {
        const local = DateTime.fromISO(row.start_at, { zone });
        days.add(local.toISODate()!);
        const wanted = DateTime.fromISO(`${local.toISODate()}T${start_time}`, { zone });
        if (local.toFormat('HH:mm') !== start_time) {
          // Only inside a spring-forward gap: the wall time does not exist that day.
          expect(wanted.toFormat('HH:mm'), `${zone} ${row.start_at}`).not.toBe(start_time);
          expect(local.toMillis()).toBe(wanted.toMillis());
        }
        expect(Date.parse(row.end_at) - Date.parse(row.start_at)).toBe(3600_000);
      }
      expect(days.size).toBe(365);
    }
  });

  it('moves the UTC hour, not the local one, at the change (London, 28 March 2027)', () => {
    const rows = seriesClassRows(seriesRow({ weekdays: '[6,7]', starts_on: '2027-03-20', ends_on: '2027-03-28' }), 'Europe/London', { from: '2027-03-01', to: '2027-04-30' }, 0, now);
    expect(rows.map((row) => row.start_at)).toEqual(['2027-03-20T07:00:00.000Z', '2027-03-21T07:00:00.000Z', '2027-03-27T07:00:00.000Z', '2027-03-28T06:00:00.000Z']);
  });

  it('writes no class that starts before `notBefore`', () => {
    const rows = seriesClassRows(seriesRow({ starts_on: '2027-02-27', ends_on: '2027-03-03' }), 'UTC', { from: '2027-02-27', to: '2027-03-03' }, Date.parse('2027-03-01T07:00:00Z'), now);
    expect(rows.map((row) => row.start_at.slice(0, 10))).toEqual(['2027-03-02', '2027-03-03']);
  });
});

describe.each(dialects)('weekly series and one-off classes (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });
  const business = (): Actor => systemActor(s.f.acme.id, 'test');
  const seriesClasses = (seriesId: string) => s.f.db.all(s.f.db.qb.selectFrom('classes').selectAll().where('series_id', '=', seriesId).orderBy('start_at'));

  async function setting(zone = 'Europe/London') {
    const site = await s.c.location({}, zone);
    const service = await s.c.service({ locationId: site });
    return { site, service };
  }
  const create = (site: string, service: string, over: Record<string, unknown> = {}) =>
    createSeries(s.f.db, business(), { location_id: site, service_id: service, weekdays: [1, 3], start_time: '07:00', capacity: 2, starts_on: '2027-03-01', ends_on: '2027-04-30', ...over }, clock);

  it('creates a series and its classes in the location zone, none in the past, at most five years long', async () => {
    const { site, service } = await setting();
    const created = await create(site, service);
    // Mondays and Wednesdays from 1 March to 30 April 2027: 18, but Monday 1 March 07:00 has passed at noon.
    expect(created).toMatchObject({ weekdays: [1, 3], start_time: '07:00', duration_minutes: 60, classes_created: 17, upcoming_classes: 17 });
    const classes = await seriesClasses(created.id);
    expect(classes[0]!.start_at).toBe('2027-03-03T07:00:00.000Z');
    // After the clocks go forward on 28 March, 07:00 in London is 06:00 UTC.
    expect(classes.find((c) => c.start_at.startsWith('2027-03-29'))!.start_at).toBe('2027-03-29T06:00:00.000Z');

    const long = await create(site, service, { ends_on: '2029-02-28' });
    // 731 days (2028 is a leap year): 104 weeks and Monday to Wednesday, less the Monday already past.
    expect(long.classes_created).toBe(209);
    await expect(create(site, service, { ends_on: '2032-03-01' })).rejects.toMatchObject({ code: 'invalid_param', param: 'ends_on' });
    await expect(create(site, service, { ends_on: '2027-02-01' })).rejects.toMatchObject({ code: 'invalid_param' });
    expect((await listSeries(s.f.db, business(), site, clock)).map((row) => row.id)).toEqual([created.id, long.id]);
  });

  it('refuses a location outside the actor, an appointment service and a service of another location', async () => {
    const { site, service } = await setting();
    const other = await setting();
    const northOnly: Actor = { ...business(), locationIds: [other.site] };
    await expect(
      create(site, service).then(() =>
        createSeries(s.f.db, northOnly, { location_id: site, service_id: service, weekdays: [1], start_time: '07:00', capacity: 2, starts_on: '2027-03-01', ends_on: '2027-04-30' }, clock),
      ),
    ).rejects.toMatchObject({ code: 'location_not_allowed' });
    await expect(create(site, other.service)).rejects.toMatchObject({ code: 'invalid_param', param: 'service_id' });
  });

  it('extends a series past a year in one go, writing only the new days, and refuses a shorter end', async () => {
    const { site, service } = await setting('America/New_York');
    const created = await create(site, service, { weekdays: [1, 2, 3, 4, 5, 6, 7], ends_on: '2027-12-31' });
    const dry = await extendSeries(s.f.db, business(), created.id, { ends_on: '2029-12-31', dry_run: true }, clock);
    expect(dry).toMatchObject({ dry_run: true, classes_created: 731, series: { ends_on: '2027-12-31' } });
    expect(await seriesClasses(created.id)).toHaveLength(created.classes_created);
    const done = await extendSeries(s.f.db, business(), created.id, { ends_on: '2029-12-31' }, clock);
    expect(done).toMatchObject({ dry_run: false, classes_created: 731, series: { ends_on: '2029-12-31' } });
    const classes = await seriesClasses(created.id);
    expect(classes).toHaveLength(created.classes_created + 731);
    // Every class at 07:00 New York time, winter and summer.
    expect(new Set(classes.map((c) => DateTime.fromISO(c.start_at, { zone: 'America/New_York' }).toFormat('HH:mm')))).toEqual(new Set(['07:00']));
    expect(new Set(classes.map((c) => c.start_at)).size).toBe(classes.length);
    await expect(extendSeries(s.f.db, business(), created.id, { ends_on: '2029-06-01' }, clock)).rejects.toMatchObject({ code: 'invalid_param' });
    await expect(extendSeries(s.f.db, business(), created.id, { ends_on: '2032-03-01' }, clock)).rejects.toMatchObject({ code: 'invalid_param' });
  });

  it('edits the classes ahead, keeping what was edited singly and capacities below their bookings, and counts them first', async () => {
    const { site, service } = await setting();
    const created = await create(site, service);
    const [first, second, third] = await seriesClasses(created.id);
    // A substitute on one class, and two bookings on another.
    await s.f.db.run(s.f.db.qb.insertInto('staff').values({ id: randomUUID(), company_id: s.f.acme.id, first_name: 'Sub', last_name: null, email: null, created_at: now }));
    const sub = (await s.f.db.first(s.f.db.qb.selectFrom('staff').select('id').where('company_id', '=', s.f.acme.id).where('first_name', '=', 'Sub')))!.id;
    await updateClass(s.f.db, business(), first!.id, { staffId: sub }, clock());
    const [a, b] = [await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site })];
    expect((await s.c.book(second!.id, a)).status).toBe(201);
    expect((await s.c.book(second!.id, b)).status).toBe(201);

    const dry = await updateSeries(s.f.db, business(), created.id, { capacity: 1, start_time: '08:30', dry_run: true }, clock);
    expect(dry).toMatchObject({ dry_run: true, sessions: 17, bookings: 2 });
    expect(dry.kept).toEqual([{ class_id: second!.id, start: second!.start_at, reason: '2 spots are booked, more than the new capacity' }]);
    expect((await seriesClasses(created.id))[0]!.start_at).toBe(first!.start_at);

    const applied = await updateSeries(s.f.db, business(), created.id, { capacity: 1, start_time: '08:30', staff_id: sub }, clock);
    expect(applied).toMatchObject({ dry_run: false, sessions: 17, series: { capacity: 1, start_time: '08:30', staff_id: sub } });
    expect(applied.kept).toEqual([
      { class_id: first!.id, start: first!.start_at, reason: 'its instructor was changed on this class alone' },
      { class_id: second!.id, start: second!.start_at, reason: '2 spots are booked, more than the new capacity' },
    ]);
    const after = await seriesClasses(created.id);
    const byId = new Map(after.map((c) => [c.id, c]));
    expect(byId.get(first!.id)).toMatchObject({ start_at: '2027-03-03T08:30:00.000Z', staff_id: sub, capacity: 1 });
    // The booked class moved with its bookings; its capacity stayed.
    expect(byId.get(second!.id)).toMatchObject({ start_at: second!.start_at.replace('07:00', '08:30'), capacity: 2 });
    expect(byId.get(third!.id)).toMatchObject({ capacity: 1, staff_id: sub });
    expect((await s.c.detail(second!.id)).booked).toBe(2);
  });

  it('gives a raised capacity to the waitlist of each class', async () => {
    const { site, service } = await setting();
    const created = await create(site, service, { capacity: 1 });
    const [first] = await seriesClasses(created.id);
    const [a, b] = [await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site })];
    await s.c.book(first!.id, a);
    expect(await addToWaitlist(s.f.db, business(), first!.id, b, clock())).toMatchObject({ promoted: false, position: 1 });
    await updateSeries(s.f.db, business(), created.id, { capacity: 2 }, clock);
    expect(await s.c.detail(first!.id)).toMatchObject({ booked: 2, waiting: 0 });
  });

  it('ends a series: classes nobody booked are removed, booked ones cancelled with their spots released', async () => {
    const { site, service } = await setting();
    const created = await create(site, service);
    const classes = await seriesClasses(created.id);
    const booked = classes.find((c) => c.start_at >= '2027-03-15')!;
    const guest = await s.c.contact({ locationId: site });
    expect((await s.c.book(booked.id, guest)).status).toBe(201);
    await expect(endSeries(s.f.db, business(), created.id, { from: '2027-02-01' }, clock)).rejects.toMatchObject({ code: 'invalid_param', param: 'from' });

    const ahead = classes.filter((c) => c.start_at >= '2027-03-15').length;
    const dry = await endSeries(s.f.db, business(), created.id, { from: '2027-03-15', dry_run: true }, clock);
    expect(dry).toMatchObject({ dry_run: true, removed: ahead - 1, cancelled: 1, bookings_released: 1, series: { ends_on: '2027-04-30' } });
    const ended = await endSeries(s.f.db, business(), created.id, { from: '2027-03-15' }, clock);
    expect(ended).toMatchObject({ dry_run: false, removed: ahead - 1, cancelled: 1, bookings_released: 1, series: { ends_on: '2027-03-14' } });
    const left = await seriesClasses(created.id);
    expect(left).toHaveLength(classes.length - ahead + 1);
    expect(left.find((c) => c.id === booked.id)!.status).toBe('cancelled');
    expect((await s.c.detail(booked.id)).roster[0]).toMatchObject({ contact_id: guest, status: 'cancelled' });
  });

  it('creates a one-off class at local wall time, refusing a time the clocks skip and a past one', async () => {
    const { site, service } = await setting();
    const made = await createOneOffClass(s.f.db, business(), { location_id: site, service_id: service, start: '2027-04-02T18:00', duration_minutes: 45, capacity: 12 }, clock);
    expect(made).toMatchObject({ start: '2027-04-02T17:00:00.000Z', end: '2027-04-02T17:45:00.000Z', capacity: 12, status: 'scheduled' });
    await expect(createOneOffClass(s.f.db, business(), { location_id: site, service_id: service, start: '2027-03-28T01:30', capacity: 5 }, clock)).rejects.toMatchObject({
      code: 'invalid_param',
      param: 'start',
    });
    await expect(createOneOffClass(s.f.db, business(), { location_id: site, service_id: service, start: '2027-02-28T09:00', capacity: 5 }, clock)).rejects.toMatchObject({
      code: 'invalid_param',
      param: 'start',
    });
  });

  it('refuses the front desk every timetable change and an excused late cancellation, whichever endpoint calls the service', async () => {
    const { site, service } = await setting();
    const desk: Actor = {
      companyId: s.f.acme.id,
      environment: 'live',
      identity: { kind: 'staff_user', staffUserId: randomUUID(), role: 'front_desk' },
      scopes: business().scopes,
      locationIds: [site],
    };
    const manager: Actor = { ...desk, identity: { kind: 'staff_user', staffUserId: randomUUID(), role: 'manager' } };
    const series = await create(site, service);
    const cls = await s.c.classAt('2027-03-05T10:00:00Z', { serviceId: service, locationId: site, capacity: 2 });
    const contact = await s.c.contact({ locationId: site });
    await s.c.book(cls, contact);
    const refusals = [
      createSeries(s.f.db, desk, { location_id: site, service_id: service, weekdays: [2], start_time: '07:00', capacity: 2, starts_on: '2027-03-01', ends_on: '2027-04-30' }, clock),
      updateSeries(s.f.db, desk, series.id, { capacity: 3 }, clock),
      endSeries(s.f.db, desk, series.id, { from: '2027-04-01' }, clock),
      extendSeries(s.f.db, desk, series.id, { ends_on: '2027-06-30' }, clock),
      createOneOffClass(s.f.db, desk, { location_id: site, service_id: service, start: '2027-04-02T18:00', capacity: 12 }, clock),
      updateClass(s.f.db, desk, cls, { capacity: 5 }, clock()),
      cancelClass(s.f.db, desk, cls, clock()),
      restoreClass(s.f.db, desk, cls, clock),
      cancelClassSpot(s.f.db, desk, cls, { contact_id: contact, excuse: true }, clock),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toMatchObject({ code: 'role_not_allowed' });
    // The desk still works the roster; a manager at the location changes the timetable.
    await expect(cancelClassSpot(s.f.db, desk, cls, { contact_id: contact }, clock)).resolves.toMatchObject({ status: expect.any(String) });
    await expect(updateClass(s.f.db, manager, cls, { capacity: 5 }, clock())).resolves.toMatchObject({ capacity: 5 });
  });

  it('moves a waitlist entry up and down, the ends staying put', async () => {
    const { site, service } = await setting();
    const cls = await s.c.classAt('2027-03-05T10:00:00Z', { serviceId: service, locationId: site, capacity: 1 });
    await s.c.book(cls, await s.c.contact({ locationId: site }));
    const queue = [await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site })];
    for (const contact of queue) await addToWaitlist(s.f.db, business(), cls, contact, clock());
    const order = async () => (await s.c.detail(cls)).waitlist.map((entry: { contact_id: string; position: number }) => [entry.position, entry.contact_id]);
    const entryOf = async (contact: string) => (await s.c.detail(cls)).waitlist.find((entry: { contact_id: string }) => entry.contact_id === contact).waitlist_id as string;
    await moveWaitlistEntry(s.f.db, business(), cls, await entryOf(queue[2]!), 'up', clock());
    expect(await order()).toEqual([
      [1, queue[0]],
      [2, queue[2]],
      [3, queue[1]],
    ]);
    await moveWaitlistEntry(s.f.db, business(), cls, await entryOf(queue[0]!), 'up', clock());
    await moveWaitlistEntry(s.f.db, business(), cls, await entryOf(queue[0]!), 'down', clock());
    expect(await order()).toEqual([
      [1, queue[2]],
      [2, queue[0]],
      [3, queue[1]],
    ]);
    await expect(moveWaitlistEntry(s.f.db, business(), cls, randomUUID(), 'up', clock())).rejects.toMatchObject({ code: 'resource_missing' });
  });
});
