import { ApiError, type Visit } from '@studio/shared';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { checkIn } from '../../modules/members/checkin.js';
import { mayOverride } from '../../modules/members/checkin-override.js';
import { refuseRecentCheckIn } from '../../modules/visits/recent-check-in.js';

/**
 * A check-in at the desk, through the door's own service (source `staff`): the same rules, the
 * same 422 `checkin_blocked` with every reason, the same refusal record. With `override_reason`,
 * an owner or manager checks the member in anyway; the visit carries `staff_override` and the
 * override list says who and why. A member checked in minutes ago is refused `checked_in_recently`
 * (modules/visits/recent-check-in.ts) unless `confirm_again` says staff mean a second visit.
 */
export async function deskCheckIn(
  db: Db,
  actor: Actor,
  contactId: string,
  body: { location_id: string; membership_id?: string | undefined; override_reason?: string | undefined; confirm_again?: boolean | undefined },
  clock: Clock = systemClock,
): Promise<{ visit: Visit; created: boolean }> {
  if (body.override_reason !== undefined && !mayOverride(actor)) {
    throw new ApiError('role_not_allowed', 'Only an owner or a manager may check in a refused member anyway; ask one of them.', { param: 'override_reason' });
  }
  const named = body.membership_id === undefined ? { contact_id: contactId } : { membership_id: body.membership_id };
  if (body.membership_id !== undefined) {
    const held = await db.first(db.qb.selectFrom('memberships').select('contact_id').where('id', '=', body.membership_id).where('company_id', '=', actor.companyId));
    if (held && held.contact_id !== contactId) throw new ApiError('invalid_param', 'That membership belongs to someone else; open their page to check them in.', { param: 'membership_id' });
  }
  const override = body.override_reason === undefined ? undefined : { reason: body.override_reason };
  const askFirst = body.confirm_again === true ? undefined : (sql: Queryable, holder: string) => refuseRecentCheckIn(db, sql, actor, holder, clock);
  return checkIn(db, actor, { location_id: body.location_id, source: 'staff', ...named }, clock, override, askFirst);
}
