import { ApiError, type ClassCancel, type ClassCancelResult } from '@studio/shared';
import type { z } from 'zod';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { recordEvent } from '../events/record.js';
import { requireContactInReach } from '../locations/reach.js';
import { liveSpot, spotsTaken, spotResult, type AttendeeRow } from './class-repository.js';
import { consumeCredit } from './credit.js';
import { openSpotChange } from './spot-change.js';
import { fillFreedSpots } from './waitlist.js';
import { requireExcuseRole } from './timetable-roles.js';
import { tellMemberOfClass } from './class-messages.js';
import { lateCancelFrom } from './cancel-terms.js';

function cancelResult(spot: AttendeeRow, spotsLeft: number, promoted: string[]): ClassCancelResult {
  const late = spot.status === 'late_cancelled';
  return {
    attendee_id: spot.id,
    class_id: spot.class_id,
    contact_id: spot.contact_id,
    status: spot.status,
    late,
    excused: spot.excused === 1,
    credit_consumed: late && spot.excused === 0 && spot.paid_by !== 'none',
    paid_by: spot.paid_by,
    spots_left: spotsLeft,
    promoted,
  };
}

/**
 * Releases a contact's spot (docs/api-decisions.md, Classes). Late when now >= start - the location's
 * cancellation window: the covering credit is then consumed (a visit flagged `late_cancel`, or the
 * free class stays used) unless excused. The freed spot goes to the waitlist in the same
 * transaction. Cancelling again answers the same, unchanged.
 */
export async function cancelClassSpot(db: Db, actor: Actor, classId: string, input: z.output<typeof ClassCancel>, clock: Clock = systemClock): Promise<ClassCancelResult> {
  if (input.excuse === true) requireExcuseRole(actor);
  await requireContactInReach(db, db, actor, input.contact_id, 'contact_id');
  const now = clock();
  const nowIso = toIso(now);
  return db.transaction(async (sql) => {
    const { cls, location } = await openSpotChange(db, sql, actor, classId, input.contact_id, { refuseCancelled: false });
    // The spot the contact holds, else the one they last released (cancelling again answers it unchanged).
    const spot =
      (await liveSpot(db, sql, cls.id, input.contact_id)) ??
      (await sql.first(
        db.qb.selectFrom('class_attendees').selectAll().where('class_id', '=', cls.id).where('contact_id', '=', input.contact_id).orderBy('cancelled_at', 'desc').orderBy('id', 'desc'),
      ));
    if (!spot) throw new ApiError('resource_missing', 'This contact is not on the class roster.', { param: 'contact_id' });
    const spotsLeft = async () => Math.max(0, cls.capacity - (await spotsTaken(db, sql, cls.id, nowIso)));
    if (spot.status === 'cancelled' || spot.status === 'late_cancelled') return cancelResult(spot, await spotsLeft(), []);
    if (spot.status !== 'reserved') throw new ApiError('booking_not_active', `This spot is ${spot.status.replace('_', ' ')} and can no longer be cancelled.`, { param: 'contact_id' });

    const late = now >= lateCancelFrom(cls, location);
    const excused = input.excuse === true ? 1 : 0;
    const status = late ? 'late_cancelled' : 'cancelled';
    await sql.run(db.qb.updateTable('class_attendees').set({ status, excused, cancelled_at: nowIso, updated_at: nowIso }).where('id', '=', spot.id));
    const promoted = await fillFreedSpots(db, sql, cls, location, now);
    // After the waitlist: the feed's counter is the last lock (server/src/db/row-locks.ts).
    const visitId = late && excused === 0 ? await consumeCredit(db, sql, { spot, cls, location, at: now, flags: ['late_cancel'] }) : null;
    if (visitId) await sql.run(db.qb.updateTable('class_attendees').set({ visit_id: visitId }).where('id', '=', spot.id));
    const released: AttendeeRow = { ...spot, status, excused, visit_id: visitId, cancelled_at: nowIso, updated_at: nowIso };
    await recordEvent(db, sql, { companyId: actor.companyId, type: 'class_attendee.cancelled', locationId: location.id, data: spotResult(released) }, clock);
    await tellMemberOfClass(db, sql, { cls, contactId: spot.contact_id, template: 'booking_cancelled' }, clock);
    return cancelResult(released, await spotsLeft(), promoted);
  });
}
