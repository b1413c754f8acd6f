import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it, vi } from 'vitest';
import { addToWaitlist } from '../../src/modules/classes/admin.js';
import { systemActor } from '../../src/domain/actor.js';

const now = '2027-03-03T15:00:00.000Z';
const hours = (n: number) => new Date(Date.parse(now) + n * 3600_000).toISOString();
const at = (iso: string) => vi.setSystemTime(new Date(iso));

describe.each(dialects)('class waitlist (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });

  const wait = (classId: string, contactId: string) => addToWaitlist(s.f.db, systemActor(s.f.acme.id, 'test'), classId, contactId);
  const entryStatus = async (classId: string, contactId: string) =>
    (await s.f.db.first(s.f.db.qb.selectFrom('class_waitlist').select('status').where('class_id', '=', classId).where('contact_id', '=', contactId)))!.status;

  /** A full one-spot class at `start` on a site with a 24 h offer cutoff and one-hour offers. */
  async function fullClass(start: string, options: { requiresEntitlement?: boolean } = {}) {
    const site = await s.c.location({ classes: { waitlist_offer_cutoff_hours: 24, waitlist_offer_minutes: 60 } });
    const service = await s.c.service({ locationId: site, requiresEntitlement: options.requiresEntitlement ?? false });
    const cls = await s.c.classAt(start, { serviceId: service, locationId: site, capacity: 1 });
    const holder = await s.c.member({ locationId: site });
    expect((await s.c.book(cls, holder.contactId)).status).toBe(201);
    return { site, cls, holder };
  }

  it('promotes the first eligible waiting contact at once when the class is far off, skipping the ineligible', async () => {
    const { site, cls, holder } = await fullClass(hours(72), { requiresEntitlement: true });
    const dropIn = await s.c.contact({ locationId: site });
    const [second, third] = [await s.c.member({ locationId: site }), await s.c.member({ locationId: site })];
    for (const contact of [dropIn, second.contactId, third.contactId]) await wait(cls, contact);
    expect((await s.c.detail(cls)).waitlist.map((w: { position: number }) => w.position)).toEqual([1, 2, 3]);

    const cancelled = await s.c.cancel(cls, holder.contactId);
    expect(cancelled.body).toMatchObject({ late: false, promoted: [second.contactId], spots_left: 0 });
    const detail = await s.c.detail(cls);
    expect(detail).toMatchObject({ booked: 1, spots_left: 0, waiting: 2 });
    expect(detail.roster.find((r: { contact_id: string }) => r.contact_id === second.contactId)).toMatchObject({ status: 'reserved', source: 'waitlist', paid_by: 'membership' });
    expect(detail.waitlist).toMatchObject([
      { contact_id: dropIn, status: 'waiting', position: 1, offer_expires_at: null },
      { contact_id: third.contactId, status: 'waiting', position: 2 },
    ]);
    expect(await entryStatus(cls, second.contactId)).toBe('promoted');
  });

  it('offers a spot freed near the start, holds it for the offer, and lets the offered contact take it', async () => {
    const { site, cls, holder } = await fullClass(hours(3));
    const [first, second] = [await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site })];
    await wait(cls, first);
    await wait(cls, second);
    const cancelled = await s.c.cancel(cls, holder.contactId);
    expect(cancelled.body).toMatchObject({ late: true, promoted: [], spots_left: 0 });
    expect((await s.c.detail(cls)).waitlist).toMatchObject([
      { contact_id: first, status: 'offered', position: 1, offer_expires_at: hours(1) },
      { contact_id: second, status: 'waiting', position: 2 },
    ]);
    const walkIn = await s.c.contact({ locationId: site });
    expect((await s.c.book(cls, walkIn)).body.error.code).toBe('class_full');
    const taken = await s.c.book(cls, first);
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({ status: 'reserved', spots_left: 0 });
    const detail = await s.c.detail(cls);
    expect(detail.roster.find((r: { contact_id: string }) => r.contact_id === first)).toMatchObject({ status: 'reserved', source: 'waitlist' });
    expect(detail.waitlist).toMatchObject([{ contact_id: second, status: 'waiting', position: 1 }]);
  });

  it('passes a lapsed offer to the next contact, and ends offers at the start of the class', async () => {
    const { site, cls, holder } = await fullClass(hours(1.5));
    const [first, second] = [await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site })];
    await wait(cls, first);
    await wait(cls, second);
    await s.c.cancel(cls, holder.contactId);
    expect((await s.c.detail(cls)).waitlist[0]).toMatchObject({ contact_id: first, offer_expires_at: hours(1) });

    at(hours(1));
    const detail = await s.c.detail(cls);
    expect(await entryStatus(cls, first)).toBe('expired');
    // Offered an hour, but the class starts in half an hour: the offer ends at the start.
    expect(detail.waitlist).toEqual([{ waitlist_id: expect.any(String), contact_id: second, status: 'offered', position: 1, offer_expires_at: hours(1.5) }]);
    expect((await s.c.book(cls, first)).body.error.code).toBe('class_full');
  });

  it('never promotes once the class has started', async () => {
    const { site, cls, holder } = await fullClass(hours(1));
    const waiting = await s.c.contact({ locationId: site });
    await wait(cls, waiting);
    at(hours(1.25));
    const cancelled = await s.c.cancel(cls, holder.contactId);
    expect(cancelled.body).toMatchObject({ status: 'late_cancelled', promoted: [], spots_left: 1 });
    expect((await s.c.detail(cls)).waitlist).toMatchObject([{ contact_id: waiting, status: 'waiting', position: 1 }]);
  });
});
