import type { Db } from '../../db/types.js';
import type { ClaimedMessage } from './claims.js';

/**
 * Why a claimed class reminder is no longer sent, or null: it is. Between queueing and sending (a
 * moment, or longer while the box has no provider) the spot or the class may be cancelled, or the
 * member may turn reminders off; the reminder is then given up with this reason for staff.
 */
export async function reminderNoLongerWanted(db: Db, message: ClaimedMessage): Promise<string | null> {
  if (message.template !== 'class_reminder') return null;
  const row = await db.first(
    db.qb
      .selectFrom('class_reminders as r')
      .innerJoin('class_attendees as a', 'a.id', 'r.attendee_id')
      .innerJoin('classes as c', 'c.id', 'a.class_id')
      .leftJoin('member_preferences as mp', 'mp.contact_id', 'a.contact_id')
      .select(['a.status as spot', 'c.status as class', 'mp.class_reminders'])
      .where('r.message_id', '=', message.id),
  );
  // A reminder queued by hand (a test, a tool) has no spot to check.
  if (!row) return null;
  if (row.class === 'cancelled') return 'not sent: the class was cancelled';
  if (row.spot !== 'reserved') return 'not sent: the spot is no longer booked';
  if (row.class_reminders === 0) return 'not sent: the member turned class reminders off';
  return null;
}
