import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { toIso } from '../../clock/time.js';
import { findClass, lockClass, queued } from './class-repository.js';
import { renumber } from './waitlist.js';

/**
 * Moves a queued waitlist entry one place up or down (staff reorder the queue by hand: a regular
 * first, a make-up for yesterday's cancelled class). Positions stay 1..n; the entry at the top or
 * the bottom does not move further. An offer already made is not taken back: the order decides
 * who gets the next spot.
 */
export async function moveWaitlistEntry(db: Db, actor: Actor, classId: string, entryId: string, direction: 'up' | 'down', now = Date.now()): Promise<void> {
  await db.transaction(async (sql) => {
    await lockClass(db, sql, classId);
    const cls = await findClass(db, sql, actor, classId);
    const entries = await sql.all(
      db.qb
        .selectFrom('class_waitlist')
        .select(['id', 'position'])
        .where('class_id', '=', cls.id)
        .where('status', 'in', [...queued])
        .orderBy('position')
        .orderBy('created_at'),
    );
    const index = entries.findIndex((entry) => entry.id === entryId);
    if (index < 0) throw new ApiError('resource_missing', 'That person is no longer waiting for this class; reload the page.', { param: 'waitlist_id' });
    const other = direction === 'up' ? index - 1 : index + 1;
    if (other < 0 || other >= entries.length) return;
    const order = entries.map((entry) => entry.id);
    [order[index], order[other]] = [order[other]!, order[index]!];
    for (const [position, id] of order.entries()) {
      await sql.run(
        db.qb
          .updateTable('class_waitlist')
          .set({ position: position + 1, updated_at: toIso(now) })
          .where('id', '=', id),
      );
    }
    await renumber(db, sql, cls.id);
  });
}
