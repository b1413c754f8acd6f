import type { Db, Queryable } from '../../db/types.js';
import { spotHolding } from './class-repository.js';

/**
 * Whether the class is full for this contact, in one statement, so one moment of the database
 * (no lock): every spot taken (booked, or held by an open offer) and the contact holding neither a
 * spot nor an open offer in it. False for a class that does not exist: the locked path answers that.
 */
export async function fullForContact(db: Db, sql: Queryable, classId: string, contactId: string, now: string): Promise<boolean> {
  const row = await sql.first(
    db.qb
      .selectFrom('classes as c')
      .where('c.id', '=', classId)
      .select((eb) => [
        'c.capacity',
        eb
          .selectFrom('class_attendees as a')
          .whereRef('a.class_id', '=', 'c.id')
          .where('a.status', 'in', [...spotHolding])
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('booked'),
        eb
          .selectFrom('class_waitlist as w')
          .whereRef('w.class_id', '=', 'c.id')
          .where('w.status', '=', 'offered')
          .where('w.offer_expires_at', '>', now)
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('held'),
        eb
          .selectFrom('class_attendees as a')
          .whereRef('a.class_id', '=', 'c.id')
          .where('a.contact_id', '=', contactId)
          .where('a.status', 'in', [...spotHolding])
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('own_spot'),
        eb
          .selectFrom('class_waitlist as w')
          .whereRef('w.class_id', '=', 'c.id')
          .where('w.contact_id', '=', contactId)
          .where('w.status', '=', 'offered')
          .where('w.offer_expires_at', '>', now)
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('own_offer'),
      ]),
  );
  if (!row) return false;
  const taken = Number(row.booked) + Number(row.held);
  return taken >= row.capacity && Number(row.own_spot) === 0 && Number(row.own_offer) === 0;
}
