import { randomUUID } from 'node:crypto';
import { classSuite } from '@studio/testkit/server/classes';
import { dialects } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/dialects/open.js';

const now = '2026-03-02T12:00:00.000Z';
const inDays = (days: number) => new Date(Date.parse(now) + days * 86_400_000).toISOString();

describe.each(dialects)('booking a full class (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });

  const fullClass = async (capacity: number) => {
    const cls = await s.c.classAt(inDays(2), { serviceId: await s.c.service(), capacity });
    const holders = await Promise.all(Array.from({ length: capacity }, () => s.c.contact()));
    for (const holder of holders) expect((await s.c.book(cls, holder)).status).toBe(201);
    return { cls, holders };
  };

  const offer = async (cls: string, contactId: string, expiresAt: string) =>
    s.f.db.run(
      s.f.db.qb.insertInto('class_waitlist').values({
        id: randomUUID(),
        company_id: s.f.acme.id,
        class_id: cls,
        contact_id: contactId,
        status: 'offered',
        position: 1,
        offer_expires_at: expiresAt,
        created_at: now,
        updated_at: now,
      }),
    );

  it('answers a contact already holding a spot `already_booked`, not class_full', async () => {
    const { cls, holders } = await fullClass(3);
    const answer = await s.c.book(cls, holders[0]!);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ contact_id: holders[0], already_booked: true, spots_left: 0 });
  });

  it('refuses a started class by its time rule before the free spot', async () => {
    const cls = await s.c.classAt(inDays(-1 / 24), { serviceId: await s.c.service(), capacity: 0 });
    const answer = await s.c.book(cls, await s.c.contact());
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('booking_rule');
  });

  it('gives the spot an open offer holds to its contact and class_full to anyone else', async () => {
    const { cls } = await fullClass(2);
    // The offer holds a third spot: the class is full for everyone but the offered contact.
    await s.f.db.run(s.f.db.qb.updateTable('classes').set({ capacity: 3 }).where('id', '=', cls));
    const offered = await s.c.contact();
    await offer(cls, offered, inDays(1));
    const other = await s.c.book(cls, await s.c.contact());
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('class_full');
    expect((await s.c.book(cls, offered)).status).toBe(201);
  });
});

// Several `serve` processes share one Postgres: here two app instances, each on its own Db handle (pool).
describe.each(dialects.filter((d) => d === 'postgres'))('a class rush over two database handles (%s)', (dialect) => {
  const s = classSuite(dialect, { frozenAt: now });

  it('150 books at once over both handles on 20 spots, some contacts waiting: exactly 20 booked, the rest class_full, nobody both booked and waiting', async () => {
    const second = await openDatabase(s.f.url);
    const secondApp = await buildApp({ db: second });
    try {
      const cls = await s.c.classAt(inDays(3), { serviceId: await s.c.service(), capacity: 20 });
      const contacts = await Promise.all(Array.from({ length: 150 }, () => s.c.contact()));
      const waiting = contacts.slice(0, 10);
      await s.f.db.run(
        s.f.db.qb.insertInto('class_waitlist').values(
          waiting.map((contactId, i) => ({
            id: randomUUID(),
            company_id: s.f.acme.id,
            class_id: cls,
            contact_id: contactId,
            status: 'waiting' as const,
            position: i + 1,
            offer_expires_at: null,
            created_at: now,
            updated_at: now,
          })),
        ),
      );
      const bookThroughSecond = async (contactId: string) => {
        const response = await secondApp.inject({
          method: 'POST',
          url: `/v1/classes/${cls}/book`,
          headers: { authorization: `Bearer ${s.f.keys.all}`, 'content-type': 'application/json', 'idempotency-key': `rush-${contactId}` },
          payload: JSON.stringify({ contact_id: contactId }),
        });
        return { status: response.statusCode, body: response.json() };
      };
      const answers = await Promise.all(contacts.map((contactId, i) => (i % 2 === 0 ? s.c.book(cls, contactId, {}, { 'idempotency-key': `rush-${contactId}` }) : bookThroughSecond(contactId))));

      const byStatus = answers.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});
      expect(byStatus).toEqual({ 201: 20, 409: 130 });
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'class_full')).toBe(true);
      const live = await s.f.db.all(s.f.db.qb.selectFrom('class_attendees').select('contact_id').where('class_id', '=', cls).where('status', 'in', ['reserved', 'checked_in']));
      expect(live).toHaveLength(20);
      expect(new Set(live.map((r) => r.contact_id))).toEqual(new Set(contacts.filter((_, i) => answers[i]!.status === 201)));
      const stillQueued = await s.f.db.all(s.f.db.qb.selectFrom('class_waitlist').select('contact_id').where('class_id', '=', cls).where('status', 'in', ['waiting', 'offered']));
      const booked = new Set(live.map((r) => r.contact_id));
      expect(stillQueued.filter((w) => booked.has(w.contact_id))).toEqual([]);
      // A waiting contact who lost the rush keeps their place; one who won left the queue.
      expect(new Set(stillQueued.map((w) => w.contact_id))).toEqual(new Set(waiting.filter((id) => !booked.has(id))));
    } finally {
      await secondApp.close();
      await second.close();
    }
  });
});
