import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { addToWaitlist } from '../../src/modules/classes/admin.js';
import { systemActor } from '../../src/domain/actor.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe.each(dialects)('classes under concurrency (%s)', (dialect) => {
  const s = classSuite(dialect);

  const liveRows = async (classId: string) =>
    s.f.db.all(s.f.db.qb.selectFrom('class_attendees').select(['contact_id', 'status']).where('class_id', '=', classId).where('status', 'in', ['reserved', 'checked_in']));

  it('200 parallel bookings from 200 contacts for 20 spots: exactly 20 reserved, 180 class_full', async () => {
    const cls = await s.c.classAt(inDays(3), { serviceId: await s.c.service(), capacity: 20 });
    const contacts = await Promise.all(Array.from({ length: 200 }, () => s.c.contact()));
    const answers = await Promise.all(contacts.map((contact) => s.c.book(cls, contact, {}, { 'idempotency-key': `rush-${contact}` })));
    const byStatus = answers.reduce<Record<string, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});
    expect(byStatus).toEqual({ 201: 20, 409: 180 });
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'class_full')).toBe(true);
    const rows = await liveRows(cls);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.contact_id)).size).toBe(20);
    expect(await s.c.detail(cls)).toMatchObject({ booked: 20, spots_left: 0 });
  });

  it('parallel cancels with a waitlist never overfill the class and fill every freed spot exactly once', async () => {
    const cls = await s.c.classAt(inDays(5), { serviceId: await s.c.service(), capacity: 20 });
    const holders = await Promise.all(Array.from({ length: 20 }, () => s.c.contact()));
    for (const holder of holders) expect((await s.c.book(cls, holder)).status).toBe(201);
    const waiting = await Promise.all(Array.from({ length: 30 }, () => s.c.contact()));
    for (const contact of waiting) await addToWaitlist(s.f.db, systemActor(s.f.acme.id, 'test'), cls, contact);

    const leaving = holders.slice(0, 15);
    const answers = await Promise.all(leaving.map((contact) => s.c.cancel(cls, contact)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const promoted = answers.flatMap((a) => a.body.promoted as string[]);
    // Every freed spot went to exactly one waiting contact, in queue order.
    expect(promoted).toHaveLength(15);
    expect(new Set(promoted)).toEqual(new Set(waiting.slice(0, 15)));

    const rows = await liveRows(cls);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.contact_id))).toEqual(new Set([...holders.slice(15), ...waiting.slice(0, 15)]));
    const detail = await s.c.detail(cls);
    expect(detail).toMatchObject({ booked: 20, spots_left: 0, waiting: 15 });
    expect(detail.waitlist.map((w: { contact_id: string; position: number }) => [w.contact_id, w.position])).toEqual(waiting.slice(15).map((id, i) => [id, i + 1]));
  });
});
