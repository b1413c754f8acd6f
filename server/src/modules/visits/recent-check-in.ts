import { ApiError } from '@studio/shared';
import { toIso, type Clock } from '../../clock/time.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';

/** How long after a visit a desk check-in of the same member asks first: a double click, or two staff at one desk. */
export const recentCheckInMs = 10 * 60_000;

/**
 * Refuses a desk check-in of a member who has a visit (not voided, anywhere in the company) from
 * the last ten minutes, unless staff confirmed they mean a second one. Two clicks seconds apart
 * under different keys would otherwise record two visits, and a visit limit would count both.
 * Run inside the check-in's transaction, under the member's lock (checkIn's `beforeRecording`).
 */
export async function refuseRecentCheckIn(db: Db, sql: Queryable, actor: Actor, contactId: string, clock: Clock): Promise<void> {
  const now = clock();
  const last = await sql.first(
    db.qb
      .selectFrom('visits')
      .select(['id', 'checked_in_at'])
      .where('company_id', '=', actor.companyId)
      .where('contact_id', '=', contactId)
      .where('voided_at', 'is', null)
      .where('checked_in_at', '>=', toIso(now - recentCheckInMs))
      .orderBy('checked_in_at', 'desc')
      .limit(1),
  );
  if (!last) return;
  const minutesAgo = Math.max(0, Math.floor((now - Date.parse(last.checked_in_at)) / 60_000));
  const when = minutesAgo === 0 ? 'less than a minute ago' : minutesAgo === 1 ? '1 minute ago' : `${minutesAgo} minutes ago`;
  throw new ApiError('checked_in_recently', `This member was checked in ${when}. If they are really coming in again, check them in again with confirm_again.`, {
    param: 'confirm_again',
    details: { checked_in_at: last.checked_in_at, minutes_ago: minutesAgo, visit_id: last.id },
  });
}
