import { ApiError, type ClassRestoreResult, type ClassSummary } from '@studio/shared';
import { lockRows } from '../../db/row-locks.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { requireLocation } from '../locations/lookup.js';
import { classSummary, findClass } from './class-repository.js';
import { fillFreedSpots } from './waitlist.js';
import { requireTimetableRole } from './timetable-roles.js';

/**
 * Undoes a class's cancellation while the class is still ahead (docs/api-decisions.md, Classes):
 * the class is scheduled again, the spots its cancellation released are reserved again as they
 * were booked (same coverage, same booking time, no booking rule asked again: the contacts did
 * nothing wrong), and the waitlist entries it ended queue again in their order; free spots then go
 * to the waitlist as after any change. Spots their contacts had cancelled themselves stay
 * cancelled. No credit was used by the cancellation, so none is given back, and the eligibility
 * feed does not change. Restoring a scheduled class answers it unchanged.
 */
export async function restoreClass(db: Db, actor: Actor, classId: string, clock: Clock = systemClock): Promise<ClassRestoreResult> {
  requireTimetableRole(actor);
  const now = clock();
  const at = toIso(now);
  return db.transaction(async (sql) => {
    // Locked before it is read, as every roster change does (server/src/db/row-locks.ts).
    await lockRows(sql, { class: classId });
    const cls = await findClass(db, sql, actor, classId);
    const location = await requireLocation(db, sql, actor, cls.location_id, 'id');
    const answer = async (outcome: Omit<ClassRestoreResult, keyof ClassSummary>) => ({ ...(await classSummary(db, sql, actor.companyId, classId, at)), ...outcome });
    if (cls.status === 'scheduled') return answer({ already_scheduled: true, restored: [], waitlist_restored: 0, promoted: [] });
    if (now >= Date.parse(cls.start_at)) {
      throw new ApiError('booking_rule', `This class started at ${cls.start_at}: a cancelled class can be restored only before it starts.`, { param: 'id' });
    }

    const released = await sql.all(
      db.qb.selectFrom('class_attendees').select(['id', 'contact_id', 'paid_by']).where('class_id', '=', classId).where('cancelled_with_class', '=', 1).orderBy('booked_at').orderBy('id'),
    );
    // The capacity may have been lowered while the class was cancelled (nothing was booked then).
    if (released.length > cls.capacity) {
      throw new ApiError(
        'class_full',
        `The cancellation released ${released.length} spots and the capacity is now ${cls.capacity}: raise the capacity to at least ${released.length} before restoring, so nobody loses a spot.`,
      );
    }

    await sql.run(db.qb.updateTable('classes').set({ status: 'scheduled' }).where('id', '=', classId));
    await sql.run(
      db.qb
        .updateTable('class_attendees')
        .set({ status: 'reserved', excused: 0, cancelled_at: null, cancelled_with_class: 0, updated_at: at })
        .where('class_id', '=', classId)
        .where('cancelled_with_class', '=', 1),
    );
    // An offer open at the cancellation is not reopened as it was: the entry waits, and is offered afresh below if a spot is free.
    const waitlistRestored = await sql.run(
      db.qb
        .updateTable('class_waitlist')
        .set({ status: 'waiting', offer_expires_at: null, cancelled_with_class: 0, updated_at: at })
        .where('class_id', '=', classId)
        .where('cancelled_with_class', '=', 1),
    );
    const promoted = await fillFreedSpots(db, sql, { ...cls, status: 'scheduled' }, location, now);
    return answer({
      already_scheduled: false,
      restored: released.map((spot) => ({ attendee_id: spot.id, contact_id: spot.contact_id, paid_by: spot.paid_by })),
      waitlist_restored: waitlistRestored,
      promoted,
    });
  });
}
