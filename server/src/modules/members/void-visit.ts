import { ApiError, type VoidedVisit } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { bumpFeed } from '../feed/sequence.js';
import { assertLocationAllowed } from '../locations/lookup.js';

/**
 * Voids a facility visit whose door never opened: the device checked the member in, then its
 * relay failed, so the member was never let in and must not be charged. The visit is kept (audit)
 * with `voided_at`; it no longer counts against a visit limit or a pack's credits, and visit lists
 * leave it out. Idempotent: voiding a voided visit answers the first void, changing nothing.
 */
export async function voidVisit(db: Db, actor: Actor, visitId: string, reason: VoidedVisit['reason'], clock: Clock = systemClock): Promise<VoidedVisit> {
  return db.transaction(async (tx) => {
    const visit = await tx.first(
      db.qb.selectFrom('visits').select(['id', 'membership_id', 'location_id', 'kind', 'voided_at', 'void_reason']).where('id', '=', visitId).where('company_id', '=', actor.companyId),
    );
    if (!visit) throw new ApiError('resource_missing', `No such visit: ${visitId}.`, { param: 'id' });
    assertLocationAllowed(actor, visit.location_id, 'id');
    if (visit.kind !== 'facility') throw new ApiError('invalid_param', 'Only a facility (door) visit can be voided; a class check-in is undone on the class.', { param: 'id' });
    const answer = (voidedAt: string, why: string) => ({ id: visit.id, membership_id: visit.membership_id, location_id: visit.location_id, voided_at: voidedAt, reason: why as VoidedVisit['reason'] });
    if (visit.voided_at) return answer(visit.voided_at, visit.void_reason ?? reason);
    const voidedAt = toIso(clock());
    // `voided_at is null`: of two concurrent voids, one writes; the other answers what it wrote.
    await tx.run(db.qb.updateTable('visits').set({ voided_at: voidedAt, void_reason: reason, counted: 0 }).where('id', '=', visit.id).where('voided_at', 'is', null));
    const stored = await tx.first(db.qb.selectFrom('visits').select(['voided_at', 'void_reason']).where('id', '=', visit.id));
    // The visit no longer counts: the feed's next delta carries the membership's new `used`.
    await bumpFeed(db, tx, actor.companyId, [visit.membership_id]);
    return answer(stored!.voided_at!, stored!.void_reason!);
  });
}
