import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { assertInReach } from '../locations/reach.js';

/**
 * A membership's cards, revoked ones included, oldest first. Never the number as typed: staff
 * recognise a card by its canonical key, and the raw value stays in the database (docs/architecture.md §2.9).
 */
export async function listCards(db: Db, actor: Actor, membershipId: string) {
  const membership = await db.first(db.qb.selectFrom('memberships').select(['id', 'contact_id']).where('id', '=', membershipId).where('company_id', '=', actor.companyId));
  if (!membership) throw new ApiError('resource_missing', `No membership ${membershipId} in this company.`, { param: 'membership' });
  await assertInReach(db, db, actor, membership.contact_id, 'membership', 'membership');
  return db.all(db.qb.selectFrom('credentials').select(['id', 'format', 'canonical', 'created_at', 'revoked_at']).where('membership_id', '=', membershipId).orderBy('created_at').orderBy('id'));
}
