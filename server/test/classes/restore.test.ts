import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it, vi } from 'vitest';
import { systemActor } from '../../src/domain/actor.js';
import { addToWaitlist, cancelClass, updateClass } from '../../src/modules/classes/admin.js';
import { restoreClass } from '../../src/modules/classes/restore.js';

const now = '2027-03-03T15:00:00.000Z';
const hours = (n: number) => new Date(Date.parse(now) + n * 3600_000).toISOString();

describe.each(dialects)('restoring a cancelled class (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });
  const business = () => systemActor(s.f.acme.id, 'test');
  const restore = (classId: string, key?: string) => s.f.request('POST', `/v1/classes/${classId}/restore`, key === undefined ? {} : { key });

  /** A class two days ahead with two spots booked, one released by its contact, and a full waitlist of one. */
  async function bookedClass(options: { capacity?: number } = {}) {
    const site = await s.c.location();
    const service = await s.c.service({ locationId: site });
    const cls = await s.c.classAt(hours(48), { serviceId: service, locationId: site, capacity: options.capacity ?? 2 });
    const member = await s.c.member({ locationId: site, code: `R-${randomUUID().slice(0, 8)}` });
    const [dropIn, leaver, waiting] = [await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site }), await s.c.contact({ locationId: site })];
    expect((await s.c.book(cls, leaver)).status).toBe(201);
    expect((await s.c.cancel(cls, leaver)).body.status).toBe('cancelled');
    const booked = [await s.c.book(cls, member.contactId), await s.c.book(cls, dropIn)].map((answer) => answer.body);
    await addToWaitlist(s.f.db, business(), cls, waiting);
    return { site, cls, member, dropIn, leaver, waiting, booked };
  }

  it('gives back the spots and the waitlist the cancellation ended, as booked, and leaves a self-cancelled spot cancelled', async () => {
    const { cls, member, dropIn, leaver, waiting, booked } = await bookedClass();
    expect(await cancelClass(s.f.db, business(), cls, Date.parse(now))).toMatchObject({ status: 'cancelled', released: 2, booked: 0 });

    const restored = await restore(cls);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: cls, status: 'scheduled', booked: 2, spots_left: 0, waiting: 1, already_scheduled: false, waitlist_restored: 1, promoted: [] });
    // Both were booked at the same frozen instant, so their order is the ids'.
    const byAttendee = (a: { attendee_id: string }, b: { attendee_id: string }) => a.attendee_id.localeCompare(b.attendee_id);
    expect(restored.body.restored).toEqual(booked.map((spot) => ({ attendee_id: spot.attendee_id, contact_id: spot.contact_id, paid_by: spot.paid_by })).sort(byAttendee));
    const detail = await s.c.detail(cls);
    const byContact = (contactId: string) =>
      detail.roster.find((entry: { contact_id: string; status: string }) => entry.contact_id === contactId && entry.status !== 'cancelled') ??
      detail.roster.find((entry: { contact_id: string }) => entry.contact_id === contactId);
    expect(byContact(member.contactId)).toMatchObject({ status: 'reserved', paid_by: booked[0]!.paid_by, booked_at: now, cancelled_at: null });
    expect(byContact(dropIn)).toMatchObject({ status: 'reserved', cancelled_at: null });
    expect(byContact(leaver)).toMatchObject({ status: 'cancelled', cancelled_at: now });
    expect(detail.waitlist).toMatchObject([{ contact_id: waiting, status: 'waiting', position: 1, offer_expires_at: null }]);
    // Back as booked: the spot is checked into as any other, and released without using a credit.
    expect((await s.c.cancel(cls, dropIn)).body).toMatchObject({ status: 'cancelled', late: false, credit_consumed: false, promoted: [waiting] });

    const again = await restore(cls);
    expect(again.body).toMatchObject({ status: 'scheduled', already_scheduled: true, restored: [], waitlist_restored: 0, promoted: [] });
  });

  it('can cancel and restore a class twice, each restore giving back only what its cancellation released', async () => {
    const { cls, member, dropIn, waiting } = await bookedClass();
    await cancelClass(s.f.db, business(), cls, Date.parse(now));
    await restoreClass(s.f.db, business(), cls, () => Date.parse(now));
    // The waiting contact takes the spot the drop-in releases; the second cancellation releases theirs and the member's.
    expect((await s.c.cancel(cls, dropIn)).body.promoted).toEqual([waiting]);
    await cancelClass(s.f.db, business(), cls, Date.parse(now));
    const second = await restoreClass(s.f.db, business(), cls, () => Date.parse(now));
    expect(second.restored.map((spot) => spot.contact_id).sort()).toEqual([member.contactId, waiting].sort());
    expect(second).toMatchObject({ booked: 2, waitlist_restored: 0 });
  });

  it('is refused from the start of the class on, in the error envelope, and the class stays cancelled', async () => {
    const site = await s.c.location();
    const cls = await s.c.classAt(hours(1), { serviceId: await s.c.service({ locationId: site }), locationId: site });
    await cancelClass(s.f.db, business(), cls, Date.parse(now));
    const start = Date.parse(hours(1));

    const atStart = await restoreClass(s.f.db, business(), cls, () => start).catch((error: unknown) => error);
    expect(atStart).toBeInstanceOf(ApiError);
    expect(atStart).toMatchObject({ code: 'booking_rule', status: 422 });

    vi.setSystemTime(new Date(start + 60_000));
    const late = await restore(cls);
    expect(late.status).toBe(422);
    expect(late.body.error).toMatchObject({
      type: 'invalid_request',
      code: 'booking_rule',
      param: 'id',
      message: `This class started at ${hours(1)}: a cancelled class can be restored only before it starts.`,
    });
    expect(late.body.error.request_id).toEqual(expect.any(String));
    expect((await s.c.detail(cls)).status).toBe('cancelled');

    const justBefore = await restoreClass(s.f.db, business(), cls, () => start - 1);
    expect(justBefore).toMatchObject({ status: 'scheduled', already_scheduled: false });
  });

  it('refuses while the capacity is below the released spots, then fills a raised capacity from the waitlist', async () => {
    const { cls, waiting } = await bookedClass();
    await cancelClass(s.f.db, business(), cls, Date.parse(now));
    await updateClass(s.f.db, business(), cls, { capacity: 1 }, Date.parse(now));
    const refused = await restore(cls);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'class_full' });
    expect(refused.body.error.message).toContain('raise the capacity to at least 2');
    expect((await s.c.detail(cls)).status).toBe('cancelled');

    await updateClass(s.f.db, business(), cls, { capacity: 3 }, Date.parse(now));
    const restored = await restore(cls);
    expect(restored.body).toMatchObject({ status: 'scheduled', booked: 3, waiting: 0, waitlist_restored: 1, promoted: [waiting] });
  });

  it('needs write:classes and the class location, and hides another company’s class', async () => {
    const gbService = await s.c.service({ locationId: s.f.acme.gb.id });
    const gbClass = await s.c.classAt(hours(30), { serviceId: gbService, locationId: s.f.acme.gb.id });
    await cancelClass(s.f.db, business(), gbClass, Date.parse(now));

    const readOnly = await s.f.mint({ scopes: ['read:classes'] });
    expect((await restore(gbClass, readOnly)).body.error).toMatchObject({ code: 'insufficient_scope' });
    const elsewhere = await restore(gbClass, s.f.keys.usOnly);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error).toMatchObject({ code: 'location_not_allowed', param: 'id' });
    expect((await restore(gbClass, s.f.keys.other)).body.error).toMatchObject({ code: 'resource_missing', param: 'id' });
    expect((await s.c.detail(gbClass)).status).toBe('cancelled');
    expect((await restore(gbClass, await s.f.mint({ scopes: ['write:classes'], locations: [s.f.acme.gb.id] }))).body.status).toBe('scheduled');
  });

  it('leaves the offline eligibility feed unchanged: no credit was used or given back', async () => {
    const { site, cls, member } = await bookedClass();
    const feedKey = await s.f.mint({ scopes: ['checkin:members'], locations: [site] });
    const fullLoad = await s.f.request('GET', '/v1/members/eligibility?limit=100', { key: feedKey });
    expect(fullLoad.body).toMatchObject({ has_more: false, data: expect.arrayContaining([expect.objectContaining({ membership_id: member.membershipId })]) });
    const cursor = encodeURIComponent(fullLoad.body.next_cursor);
    await cancelClass(s.f.db, business(), cls, Date.parse(now));
    expect((await restore(cls)).body.restored).toHaveLength(2);
    const delta = await s.f.request('GET', `/v1/members/eligibility?limit=100&cursor=${cursor}`, { key: feedKey });
    expect(delta.body.data).toEqual([]);
  });
});
