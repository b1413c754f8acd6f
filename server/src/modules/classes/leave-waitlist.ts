import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { requireContactInReach } from '../locations/reach.js';
import { queued } from './class-repository.js';
import { openSpotChange } from './spot-change.js';
import { fillFreedSpots, renumber } from './waitlist.js';

/**
 * Takes a contact off a class's waitlist, under the class lock: the entry ends (`cancelled`) and the
 * queue closes up. An open offer is declined so: the spot it held goes to the next in line at once.
 * Answers false when the contact was not on the waitlist (nothing changes).
 */
export async function leaveWaitlist(db: Db, actor: Actor, classId: string, contactId: string, clock: Clock = systemClock): Promise<boolean> {
  await requireContactInReach(db, db, actor, contactId, 'contact_id');
  const now = clock();
  return db.transaction(async (sql) => {
    const { cls, location } = await openSpotChange(db, sql, actor, classId, contactId, { refuseCancelled: false });
    const entry = await sql.first(
      db.qb
        .selectFrom('class_waitlist')
        .select(['id', 'status'])
        .where('class_id', '=', cls.id)
        .where('contact_id', '=', contactId)
        .where('status', 'in', [...queued]),
    );
    if (!entry) return false;
    await sql.run(
      db.qb
        .updateTable('class_waitlist')
        .set({ status: 'cancelled', updated_at: toIso(now) })
        .where('id', '=', entry.id),
    );
    if (entry.status === 'offered') await fillFreedSpots(db, sql, cls, location, now);
    else await renumber(db, sql, cls.id);
    return true;
  });
}
