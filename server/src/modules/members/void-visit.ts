import { ApiError, type VoidedVisit } from '@studio/shared';
import type { HandlerContext } from '../../http/route.js';
import { assertLocationAllowed } from '../../plugins/auth.js';
import { nowIso } from '../../clock/time.js';
import { bumpFeed } from './feed-sequence.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;

/**
 * Voids a facility visit whose door never opened: the device checked the member in, then its
 * relay failed, so the member was never let in and must not be charged. The visit is kept (audit)
 * with `voided_at`; it no longer counts against a visit limit or a pack's credits, and visit lists
 * leave it out. Idempotent: voiding a voided visit answers the first void, changing nothing.
 */
export async function voidVisit(ctx: Ctx, visitId: string, reason: VoidedVisit['reason']): Promise<VoidedVisit> {
  return ctx.db.transaction(async (tx) => {
    const visit = await tx.first(
      ctx.db.qb.selectFrom('visits').select(['id', 'membership_id', 'location_id', 'kind', 'voided_at', 'void_reason']).where('id', '=', visitId).where('company_id', '=', ctx.auth.companyId),
    );
    if (!visit) throw new ApiError('resource_missing', `No such visit: ${visitId}.`, { param: 'id' });
    assertLocationAllowed(ctx.auth, visit.location_id, 'id');
    if (visit.kind !== 'facility') throw new ApiError('invalid_param', 'Only a facility (door) visit can be voided; a class check-in is undone on the class.', { param: 'id' });
    const answer = (voidedAt: string, why: string) => ({ id: visit.id, membership_id: visit.membership_id, location_id: visit.location_id, voided_at: voidedAt, reason: why as VoidedVisit['reason'] });
    if (visit.voided_at) return answer(visit.voided_at, visit.void_reason ?? reason);
    const voidedAt = nowIso();
    // `voided_at is null`: of two concurrent voids, one writes; the other answers what it wrote.
    await tx.run(ctx.db.qb.updateTable('visits').set({ voided_at: voidedAt, void_reason: reason, counted: 0 }).where('id', '=', visit.id).where('voided_at', 'is', null));
    const stored = await tx.first(ctx.db.qb.selectFrom('visits').select(['voided_at', 'void_reason']).where('id', '=', visit.id));
    // The visit no longer counts: the feed's next delta carries the membership's new `used`.
    await bumpFeed(ctx.db, tx, ctx.auth.companyId, [visit.membership_id]);
    return answer(stored!.voided_at!, stored!.void_reason!);
  });
}
