import { ApiError } from '@studio/shared';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation } from '../../modules/locations/lookup.js';
import { requireMembershipInReach } from '../../modules/locations/reach.js';
import { refuseCardTaken } from '../../modules/desk-scans/card-holder.js';
import { offerMs } from '../../modules/desk-scans/service.js';
import { addCard } from '../../modules/members/admin.js';

/** Enrols a card: refused as `card_taken` when someone holds it, so a card is moved only on purpose. */
async function enrol(db: Db, actor: Actor, membershipId: string, value: string, clock: Clock) {
  await requireMembershipInReach(db, db, actor, membershipId, 'membership_id');
  await refuseCardTaken(db, db, actor, value);
  return addCard(db, actor, membershipId, value, 'auto', clock);
}

/** The card a member typed or read by keyboard into the desk's field. */
export function enrolTypedCard(db: Db, actor: Actor, body: { membership_id: string; uid: string }, clock: Clock = systemClock) {
  return enrol(db, actor, body.membership_id, body.uid, clock);
}

/**
 * Enrols the unknown card of a desk scan: it must be unclaimed and at most two minutes old. The
 * scan is claimed first, atomically, so two desks clicking at once cannot both enrol it; a refused
 * enrolment gives it back.
 */
export async function enrolScan(db: Db, actor: Actor, scanId: string, membershipId: string, clock: Clock = systemClock) {
  const scan = await db.first(db.qb.selectFrom('desk_scans').select(['id', 'location_id', 'scanned_at', 'value', 'claimed_at']).where('id', '=', scanId).where('company_id', '=', actor.companyId));
  if (!scan) throw new ApiError('resource_missing', `No such desk scan: ${scanId}.`, { param: 'id' });
  await requireLocation(db, db, actor, scan.location_id, 'id');
  if (scan.claimed_at !== null) throw new ApiError('scan_claimed', 'This card was enrolled already. Tap it on the desk reader again to enrol it anew.', { param: 'id' });
  const cutoff = toIso(clock() - offerMs);
  if (scan.value === null || scan.scanned_at < cutoff) throw new ApiError('scan_expired', 'This read is more than two minutes old. Tap the card on the desk reader again.', { param: 'id' });
  const now = toIso(clock());
  const claimed = await db.run(db.qb.updateTable('desk_scans').set({ claimed_at: now }).where('id', '=', scan.id).where('claimed_at', 'is', null));
  if (claimed === 0) throw new ApiError('scan_claimed', 'Another desk enrolled this card a moment ago.', { param: 'id' });
  try {
    return await enrol(db, actor, membershipId, scan.value, clock);
  } catch (error) {
    await db.run(db.qb.updateTable('desk_scans').set({ claimed_at: null }).where('id', '=', scan.id).where('claimed_at', '=', now));
    throw error;
  }
}
