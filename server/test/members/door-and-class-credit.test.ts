import { classSuite } from '@studio/testkit/server/classes';
import { Visit } from '@studio/shared';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it, vi } from 'vitest';

/** The injected clock; every other time is relative to it. */
const now = '2027-03-03T15:00:00.000Z';
const minutes = (n: number) => new Date(Date.parse(now) + n * 60_000).toISOString();

/**
 * A class-pack holder at a studio with a turnstile: the door check-in of a member holding a spot
 * in a class open for check-in is that class's check-in, so one visit for one class uses one
 * credit, in either order; without a spot, the pack's `door_checkin_consumes` decides.
 */
describe.each(dialects)('door and class check-in use one credit (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });

  async function packHolderBooked(startIn: number, credits = 5) {
    const site = await s.c.location();
    const yoga = await s.c.service({ locationId: site, requiresEntitlement: true });
    const cls = await s.c.classAt(minutes(startIn), { serviceId: yoga, locationId: site });
    const code = `PACK-${Math.random().toString(36).slice(2, 10)}`;
    const pack = await s.c.member({ locationId: site, package: { credits }, code });
    vi.setSystemTime(new Date(minutes(-24 * 60)));
    expect((await s.c.book(cls, pack.contactId)).body.paid_by).toBe('package');
    vi.setSystemTime(new Date(now));
    return { site, cls, pack, code };
  }
  /** The site's turnstile, with its device key (issue 29). */
  const door = async (site: string, identifier: string) =>
    s.f.request('POST', '/v1/members/check-in', { body: { location_id: site, identifier, source: 'turnstile' }, key: await s.f.deviceKey(`gate-${site}`, 'turnstile', site) });
  const visitsOf = async (membershipId: string) => (await s.f.request('GET', `/v1/members/${membershipId}/visits`)).body.data;
  const creditsLeft = async (contactId: string) => (await s.f.request('GET', `/v1/contacts/${contactId}/memberships`)).body.data[0].credits_remaining;

  it("a door check-in 20 minutes before a booked class checks into it, and the kiosk's class check-in after it uses nothing more", async () => {
    const { site, cls, pack, code } = await packHolderBooked(20);

    const entered = await door(site, code);
    expect(entered.status).toBe(201);
    expect(entered.body).toMatchObject({ kind: 'class', class_id: cls, membership_id: pack.membershipId, counted: true, visits_used: 1, visits_remaining: 4 });
    // A Visit, as any check-in answers it: no column of the row beside (`voided_at`, `void_reason`).
    expect(Object.keys(entered.body).sort()).toEqual(Object.keys(Visit.shape).sort());
    expect((await s.c.detail(cls)).roster).toMatchObject([{ contact_id: pack.contactId, status: 'checked_in', checked_in_at: now }]);

    vi.setSystemTime(new Date(minutes(5)));
    const atClass = await s.c.checkIn(cls, pack.contactId);
    expect(atClass.status).toBe(200);
    expect(atClass.body).toMatchObject({ status: 'checked_in', paid_by: 'package' });
    // Through the turnstile again (back from the changing room): the same visit.
    const again = await door(site, code);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(entered.body.id);

    expect(await visitsOf(pack.membershipId)).toHaveLength(1);
    expect(await creditsLeft(pack.contactId)).toBe(4);
  });

  it("a class check-in first, then the door: the door answers the class's visit and uses nothing", async () => {
    const { site, cls, pack, code } = await packHolderBooked(10);
    expect((await s.c.checkIn(cls, pack.contactId)).body.status).toBe('checked_in');
    const [classVisit] = await visitsOf(pack.membershipId);

    const entered = await door(site, code);
    expect(entered.status).toBe(200);
    expect(entered.body).toMatchObject({ id: classVisit.id, kind: 'class', class_id: cls });
    expect(await visitsOf(pack.membershipId)).toHaveLength(1);
    expect(await creditsLeft(pack.contactId)).toBe(4);
  });

  it('applies the class check-in window at the door: outside it the door is a facility visit', async () => {
    const { site, cls, pack, code } = await packHolderBooked(31);
    const entered = await door(site, code);
    expect(entered.status).toBe(201);
    expect(entered.body).toMatchObject({ kind: 'facility', class_id: null, counted: true });
    expect((await s.c.detail(cls)).roster[0].status).toBe('reserved');

    vi.setSystemTime(new Date(minutes(1))); // now exactly 30 minutes before: open
    const inWindow = await door(site, code);
    expect(inWindow.body).toMatchObject({ kind: 'class', class_id: cls });
  });

  it('a pack set to consume nothing at the door lets the member in without a credit, and the class check-in uses one', async () => {
    const { site, cls, pack, code } = await packHolderBooked(120);
    const template = await s.f.db.first(s.f.db.qb.selectFrom('memberships').select('package_template_id').where('id', '=', pack.membershipId));
    await s.f.db.run(s.f.db.qb.updateTable('package_templates').set({ door_checkin_consumes: 'nothing' }).where('id', '=', template!.package_template_id!));

    const entered = await door(site, code);
    expect(entered.status).toBe(201);
    expect(entered.body).toMatchObject({ kind: 'facility', counted: false, visits_used: 0, visits_remaining: 5 });
    expect(await creditsLeft(pack.contactId)).toBe(5);

    vi.setSystemTime(new Date(minutes(100)));
    expect((await s.c.checkIn(cls, pack.contactId)).body.status).toBe('checked_in');
    expect(await creditsLeft(pack.contactId)).toBe(4);
  });

  it('by default a door check-in without a booking uses a credit, as before', async () => {
    const { site, pack, code } = await packHolderBooked(180);
    expect((await door(site, code)).body).toMatchObject({ kind: 'facility', counted: true, visits_used: 1 });
    expect(await creditsLeft(pack.contactId)).toBe(4);
  });
});
