import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it, vi } from 'vitest';

const now = '2027-03-03T15:00:00.000Z';
const hours = (n: number) => new Date(Date.parse(now) + n * 3600_000).toISOString();
const at = (iso: string, offsetMs = 0) => vi.setSystemTime(new Date(Date.parse(iso) + offsetMs));

describe.each(dialects)('class cancel and check-in (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });

  const classVisits = async (membershipId: string) => (await s.f.request('GET', `/v1/members/${membershipId}/visits`)).body.data.filter((v: { kind: string }) => v.kind === 'class');

  it('is late from exactly start minus the cancellation window; a late cancel uses the visit once', async () => {
    const site = await s.c.location({ classes: { cancellation_window_hours: 12 } });
    const yoga = await s.c.service({ locationId: site, requiresEntitlement: true });
    const cls = await s.c.classAt(hours(48), { serviceId: yoga, locationId: site });
    const member = await s.c.member({ locationId: site });
    const windowOpens = Date.parse(hours(48)) - 12 * 3600_000;

    await s.c.book(cls, member.contactId);
    at(new Date(windowOpens).toISOString(), -1);
    const inTime = await s.c.cancel(cls, member.contactId);
    expect(inTime.status).toBe(200);
    expect(inTime.body).toMatchObject({ status: 'cancelled', late: false, excused: false, credit_consumed: false, paid_by: 'membership', spots_left: 10, promoted: [] });
    expect(await classVisits(member.membershipId)).toHaveLength(0);

    expect((await s.c.book(cls, member.contactId)).status).toBe(201);
    at(new Date(windowOpens).toISOString());
    const late = await s.c.cancel(cls, member.contactId);
    expect(late.body).toMatchObject({ status: 'late_cancelled', late: true, excused: false, credit_consumed: true, paid_by: 'membership' });
    const visits = await classVisits(member.membershipId);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ class_id: cls, flags: ['late_cancel'] });
    const again = await s.c.cancel(cls, member.contactId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(late.body);
    expect(await classVisits(member.membershipId)).toHaveLength(1);
  });

  it('keeps a package credit on an excused late cancel and uses it on an unexcused one', async () => {
    const site = await s.c.location();
    const yoga = await s.c.service({ locationId: site, requiresEntitlement: true });
    const soon = await s.c.classAt(hours(2), { serviceId: yoga, locationId: site });
    const later = await s.c.classAt(hours(50), { serviceId: yoga, locationId: site });
    const pack = await s.c.member({ locationId: site, package: { credits: 1 } });

    expect((await s.c.book(soon, pack.contactId)).body.paid_by).toBe('package');
    expect((await s.c.cancel(soon, pack.contactId, { excuse: true })).body).toMatchObject({ late: true, excused: true, credit_consumed: false });
    expect((await s.c.book(later, pack.contactId)).body.paid_by).toBe('package');
    expect((await s.c.cancel(later, pack.contactId)).body).toMatchObject({ late: false, credit_consumed: false });

    expect((await s.c.book(soon, pack.contactId)).body.paid_by).toBe('package');
    expect((await s.c.cancel(soon, pack.contactId)).body).toMatchObject({ late: true, excused: false, credit_consumed: true });
    const refused = await s.c.book(later, pack.contactId);
    expect(refused.body.error.code).toBe('entitlement_required');
  });

  it('answers 404 for a contact not on the roster and 409 booking_not_active for a checked-in spot', async () => {
    const cls = await s.c.classAt(hours(0.25), { serviceId: await s.c.service() });
    const stranger = await s.c.contact();
    const missing = await s.c.cancel(cls, stranger);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'resource_missing', param: 'contact_id' });
    const guest = await s.c.contact();
    await s.c.book(cls, guest);
    expect((await s.c.checkIn(cls, guest)).body.status).toBe('checked_in');
    const refused = await s.c.cancel(cls, guest);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('booking_not_active');
  });

  it("consumes one credit however often a spot is checked in, and shows it in the membership's visits", async () => {
    const site = await s.c.location();
    const yoga = await s.c.service({ locationId: site, requiresEntitlement: true });
    const first = await s.c.classAt(hours(0.25), { serviceId: yoga, locationId: site });
    const second = await s.c.classAt(hours(26), { serviceId: yoga, locationId: site });
    const third = await s.c.classAt(hours(50), { serviceId: yoga, locationId: site });
    const pack = await s.c.member({ locationId: site, package: { credits: 2 } });

    expect((await s.c.book(first, pack.contactId)).body.paid_by).toBe('package');
    const checkedIn = await s.c.checkIn(first, pack.contactId, { 'idempotency-key': `in-1-${pack.contactId}` });
    expect(checkedIn.status).toBe(200);
    expect(checkedIn.body).toMatchObject({ class_id: first, contact_id: pack.contactId, status: 'checked_in', paid_by: 'package' });
    const twice = await s.c.checkIn(first, pack.contactId, { 'idempotency-key': `in-2-${pack.contactId}` });
    expect(twice.body).toEqual(checkedIn.body);
    const visits = await classVisits(pack.membershipId);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ class_id: first, kind: 'class', visits_used: 1, visits_remaining: 1 });
    // Two credits: one used, one left for the next class, none for the third.
    expect((await s.c.book(second, pack.contactId)).body.paid_by).toBe('package');
    expect((await s.c.book(third, pack.contactId)).body.error.code).toBe('entitlement_required');
    const roster = (await s.c.detail(first)).roster;
    expect(roster).toMatchObject([{ contact_id: pack.contactId, status: 'checked_in', checked_in_at: now }]);
  });

  it('needs a reserved spot (409 not_booked) and refuses blocking alerts with their reasons, keeping the spot', async () => {
    const site = await s.c.location({ checkin_alerts: { past_due: 'block', form_missing: 'block', no_card: 'off' } });
    const yoga = await s.c.service({ locationId: site });
    const cls = await s.c.classAt(hours(0.25), { serviceId: yoga, locationId: site });
    const guest = await s.c.contact({ locationId: site });
    const notBooked = await s.c.checkIn(cls, guest);
    expect(notBooked.status).toBe(409);
    expect(notBooked.body.error).toMatchObject({ type: 'conflict', code: 'not_booked' });

    const pastDue = await s.c.member({ locationId: site, status: 'past_due' });
    await s.c.book(cls, pastDue.contactId);
    const blocked = await s.c.checkIn(cls, pastDue.contactId);
    expect(blocked.status).toBe(422);
    expect(blocked.body.error).toMatchObject({ code: 'checkin_blocked', reasons: ['past_due'] });
    const denials = await s.f.db.all(s.f.db.qb.selectFrom('checkin_denials').select('reasons').where('contact_id', '=', pastDue.contactId));
    expect(denials.map((d) => JSON.parse(d.reasons))).toEqual([['past_due']]);

    const unsigned = await s.c.contact({ locationId: site, formSigned: false });
    await s.c.book(cls, unsigned);
    const noForm = await s.c.checkIn(cls, unsigned);
    expect(noForm.body.error).toMatchObject({ code: 'checkin_blocked', reasons: ['form_missing'] });
    const roster = (await s.c.detail(cls)).roster;
    expect(roster.map((r: { status: string }) => r.status)).toEqual(['reserved', 'reserved']);
  });
});
