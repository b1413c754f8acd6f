import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { createKey } from '../../src/modules/keys/repository.js';
import { importBusiness } from '../../src/modules/setup/importer.js';

const inHours = (n: number) => new Date(Date.now() + n * 3600_000).toISOString();

/** A studio whose weekly 07:00 class runs across the US spring-forward of 14 March 2027. */
const studioFile = {
  version: 1,
  company: { name: 'Dawn Yoga', key_prefix: 'dawn' },
  locations: [{ ref: 'loft', name: 'Dawn Loft', slug: 'loft', timezone: 'America/New_York', country: 'US' }],
  staff: [{ ref: 'ivy', first_name: 'Ivy', last_name: 'Stone' }],
  services: [{ ref: 'sunrise', location: 'loft', name: 'Sunrise Flow', kind: 'class', duration_minutes: 60, price_cents: 2000 }],
  class_series: [{ location: 'loft', service: 'sunrise', staff: 'ivy', weekdays: [3, 5], start_time: '07:00', capacity: 12, starts_on: '2027-03-08', ends_on: '2027-03-19' }],
};

describe.each(dialects)('class timetable (%s)', (dialect) => {
  const s = classSuite(dialect);

  it('lists classes in the window earliest first, by location and service, page by page', async () => {
    const yoga = await s.c.service();
    const spin = await s.c.service();
    const later = await s.c.classAt(inHours(30), { serviceId: yoga, capacity: 8 });
    const sooner = await s.c.classAt(inHours(5), { serviceId: spin });
    const beyond = await s.c.classAt(inHours(24 * 8), { serviceId: yoga });
    const london = await s.c.classAt(inHours(6), { serviceId: await s.c.service({ locationId: s.f.acme.gb.id }), locationId: s.f.acme.gb.id });
    await s.c.book(later, await s.c.contact());

    const us = await s.f.request('GET', `/v1/classes?location_id=${s.f.acme.us.id}`);
    expect(us.status).toBe(200);
    const ids = us.body.data.map((row: { id: string }) => row.id);
    expect(ids).toEqual([sooner, later]);
    expect(us.body.data[1]).toMatchObject({ location_id: s.f.acme.us.id, service_id: yoga, capacity: 8, booked: 1, spots_left: 7, waiting: 0, status: 'scheduled', technician_id: null });
    expect((await s.f.request('GET', `/v1/classes?service_id=${yoga}&to=${encodeURIComponent(inHours(24 * 10))}`)).body.data.map((r: { id: string }) => r.id)).toEqual([later, beyond]);

    const first = await s.f.request('GET', '/v1/classes?limit=1');
    expect(first.body.data.map((r: { id: string }) => r.id)).toEqual([sooner]);
    const second = await s.f.request('GET', `/v1/classes?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data.map((r: { id: string }) => r.id)).toEqual([london]);
    // A key limited to one location never sees another's classes.
    const usOnly = await s.f.request('GET', '/v1/classes', { key: s.f.keys.usOnly });
    expect(usOnly.body.data.map((r: { id: string }) => r.id)).not.toContain(london);
  });

  it('refuses a window over 31 days or ending before it starts; a business without classes gets an empty list', async () => {
    const wide = await s.f.request('GET', '/v1/classes?from=2027-01-01&to=2027-02-02');
    expect(wide.status).toBe(400);
    expect(wide.body.error).toMatchObject({ code: 'invalid_param', param: 'to' });
    expect((await s.f.request('GET', '/v1/classes?from=2027-01-02&to=2027-01-01')).body.error.param).toBe('to');
    const none = await s.f.request('GET', '/v1/classes', { key: s.f.keys.other });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: [], next_cursor: null });
  });

  it('shows a class with its roster in booking order, cancelled spots kept; 404 for another company, 403 outside the key', async () => {
    const cls = await s.c.classAt(inHours(48), { serviceId: await s.c.service() });
    const [ann, ben] = [await s.c.contact({ firstName: 'Ann', lastName: 'Lee' }), await s.c.contact({ firstName: 'Ben' })];
    await s.c.book(cls, ann);
    await s.c.book(cls, ben);
    await s.c.cancel(cls, ann);
    const detail = await s.f.request('GET', `/v1/classes/${cls}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: cls, booked: 1, spots_left: 9, waitlist: [] });
    expect(detail.body.roster.map((r: { contact_id: string; status: string }) => [r.contact_id, r.status]).sort()).toEqual(
      [
        [ann, 'cancelled'],
        [ben, 'reserved'],
      ].sort(),
    );
    expect(detail.body.roster.map((r: { display_name: string }) => r.display_name).sort()).toEqual(['Ann L.', 'Ben']);
    expect((await s.f.request('GET', `/v1/classes/${cls}`, { key: s.f.keys.other })).status).toBe(404);
    const london = await s.c.classAt(inHours(48), { serviceId: await s.c.service({ locationId: s.f.acme.gb.id }), locationId: s.f.acme.gb.id });
    const outside = await s.f.request('POST', `/v1/classes/${london}/book`, { key: s.f.keys.usOnly, body: { contact_id: ann } });
    expect(outside.status).toBe(403);
    expect(outside.body.error.code).toBe('location_not_allowed');
  });

  it('keeps a weekly series at its local start time across a DST change, with its instructor', async () => {
    const summary = await importBusiness(s.f.db, studioFile);
    const loft = summary.ids.locations!.loft!;
    const { key } = await createKey(s.f.db, { companyId: summary.company_id, scopes: 'all', locationIds: 'all' });
    const listed = await s.f.request('GET', `/v1/classes?location_id=${loft}&from=2027-03-08&to=2027-03-20`, { key });
    expect(listed.body.data.map((r: { start: string }) => r.start)).toEqual([
      '2027-03-10T12:00:00.000Z', // Wednesday 07:00 EST
      '2027-03-12T12:00:00.000Z', // Friday 07:00 EST
      '2027-03-17T11:00:00.000Z', // Wednesday 07:00 EDT, after the clocks went forward
      '2027-03-19T11:00:00.000Z',
    ]);
    expect(listed.body.data[0]).toMatchObject({ technician_name: 'Ivy Stone', service_name: 'Sunrise Flow', capacity: 12, end: '2027-03-10T13:00:00.000Z' });
  });
});
