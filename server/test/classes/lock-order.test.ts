import { describe, expect, it } from 'vitest';
import { addToWaitlist } from '../../src/modules/classes/admin.js';
import { systemActor } from '../../src/domain/actor.js';
import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';

const now = '2027-03-03T15:00:00.000Z';
const hours = (n: number) => new Date(Date.parse(now) + n * 3600_000).toISOString();

/**
 * Class flows that take many kinds of row lock in one transaction, through the one lock API
 * (server/src/db/row-locks.ts). A lock taken out of the global order throws LockOrderError on
 * every dialect, so these fail on SQLite too when a flow's order breaks.
 */
describe.each(dialects)('class flows in the global lock order (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });
  const feedSeq = async () => (await s.f.db.first(s.f.db.qb.selectFrom('companies').select('feed_seq').where('id', '=', s.f.acme.id)))!.feed_seq;

  it('a late cancel that promotes a waiting member and uses a limited visit: class, contacts, memberships, feed counter', async () => {
    // Late (inside 72 h), yet far enough off (beyond the 24 h offer cutoff) to promote at once.
    const site = await s.c.location({ classes: { cancellation_window_hours: 72, waitlist_offer_cutoff_hours: 24 } });
    const service = await s.c.service({ locationId: site, requiresEntitlement: true });
    const cls = await s.c.classAt(hours(48), { serviceId: service, locationId: site, capacity: 1 });
    const limited = await s.c.plan({ locationId: site, visitLimit: 8, visitPeriod: 'month' });
    const holder = await s.c.member({ locationId: site, planId: limited });
    expect((await s.c.book(cls, holder.contactId)).status).toBe(201);
    const waiting = [await s.c.member({ locationId: site }), await s.c.member({ locationId: site })];
    for (const member of waiting) await addToWaitlist(s.f.db, systemActor(s.f.acme.id, 'test'), cls, member.contactId);

    const before = await feedSeq();
    const cancelled = await s.c.cancel(cls, holder.contactId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'late_cancelled', credit_consumed: true, promoted: [waiting[0]!.contactId], spots_left: 0 });
    expect(await feedSeq()).toBeGreaterThan(before);
  });

  it('waitlists sharing contacts in opposite orders, freed at the same time, each promote their own first', async () => {
    const site = await s.c.location({ classes: { waitlist_offer_cutoff_hours: 24 } });
    const service = await s.c.service({ locationId: site, requiresEntitlement: true });
    const [p, q] = [await s.c.member({ locationId: site }), await s.c.member({ locationId: site })];
    const queues = [
      [p, q],
      [q, p],
      [p, q],
      [q, p],
    ];
    const classes = [];
    for (const [index, queue] of queues.entries()) {
      const cls = await s.c.classAt(hours(72 + 24 * index), { serviceId: service, locationId: site, capacity: 1 });
      const holder = await s.c.member({ locationId: site });
      expect((await s.c.book(cls, holder.contactId)).status).toBe(201);
      for (const member of queue) await addToWaitlist(s.f.db, systemActor(s.f.acme.id, 'test'), cls, member.contactId);
      classes.push({ cls, holder, first: queue[0]! });
    }

    // In either queue order the contacts (and their memberships) are locked in id order, so on
    // Postgres the four transactions wait for each other instead of deadlocking.
    const answers = await Promise.all(classes.map(({ cls, holder }) => s.c.cancel(cls, holder.contactId)));
    expect(answers.map((answer) => [answer.status, answer.body.promoted])).toEqual(classes.map(({ first }) => [200, [first.contactId]]));
  });
});
