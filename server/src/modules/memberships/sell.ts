import { randomUUID } from 'node:crypto';
import { ApiError, memberCodeKey, type HeldMembership, type SellMembership } from '@studio/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { getContact } from '../contacts/service.js';
import { nextFeedSeq } from '../feed/sequence.js';
import { requireLocation } from '../locations/lookup.js';
import { refuseCodeShadowingCard } from './credential-namespace.js';
import { localToday } from './periods.js';
import { heldMemberships } from './repository.js';

/** What a contact holds, as `heldMemberships` counts it, for a contact within the actor's reach. */
export async function contactMemberships(db: Db, actor: Actor, contactId: string): Promise<HeldMembership[]> {
  const contact = await getContact(db, actor, contactId);
  return heldMemberships(db, db, actor.companyId, { contactId: contact.id });
}

/** Sells a plan to a contact: an active membership from `start_date` (default today at the plan's location). */
export async function sellMembership(db: Db, actor: Actor, contactId: string, input: z.output<typeof SellMembership>, clock: Clock = systemClock): Promise<HeldMembership> {
  const contact = await getContact(db, actor, contactId);
  const plan = await db.first(db.qb.selectFrom('membership_plans').select(['id', 'location_id']).where('id', '=', input.plan_id).where('company_id', '=', actor.companyId));
  if (!plan) throw new ApiError('resource_missing', `No such membership plan: ${input.plan_id}.`, { param: 'plan_id' });
  const location = await requireLocation(db, db, actor, plan.location_id, 'plan_id');
  const codeKey = input.member_code === undefined ? null : memberCodeKey(input.member_code);
  const at = clock();
  const now = toIso(at);
  const membership = {
    id: randomUUID(),
    company_id: actor.companyId,
    contact_id: contact.id,
    location_id: plan.location_id,
    kind: 'membership' as const,
    plan_id: plan.id,
    package_template_id: null,
    status: 'active',
    member_code: input.member_code?.trim() ?? null,
    start_date: input.start_date ?? localToday(location.timezone, new Date(at)),
    end_date: null,
    credits_total: null,
    created_at: now,
    updated_at: now,
  };
  return db.transaction(async (sql) => {
    try {
      await sql.run(db.qb.insertInto('memberships').values(membership));
      if (codeKey) {
        await refuseCodeShadowingCard(db, sql, actor.companyId, input.member_code!, null);
        const feedSeq = await nextFeedSeq(db, sql, actor.companyId);
        await sql.run(
          db.qb.insertInto('credential_keys').values({
            company_id: actor.companyId,
            match_key: codeKey,
            membership_id: membership.id,
            credential_id: null,
            kind: 'code',
            feed_seq: feedSeq,
            feed_updated_at: now,
            created_at: now,
            revoked_at: null,
          }),
        );
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('member_code_taken', 'Another membership has this member code.', { param: 'member_code' });
      throw error;
    }
    const [held] = await heldMemberships(db, sql, actor.companyId, { membershipId: membership.id });
    return held!;
  });
}
