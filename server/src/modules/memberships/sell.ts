import { randomUUID } from 'node:crypto';
import { ApiError, memberCodeKey, type HeldMembership, type SellMembership } from '@studio/shared';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { HandlerContext, Reply } from '../../http/route.js';
import { requireLocation } from '../../plugins/auth.js';
import { nowIso } from '../../clock/time.js';
import { getContact } from '../contacts/service.js';
import { refuseCodeShadowingCard } from '../members/credential-namespace.js';
import { nextFeedSeq } from '../members/feed-sequence.js';
import { heldMemberships } from './repository.js';
import { localToday } from './periods.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;

/** Sells a plan to a contact: an active membership from `start_date` (default today at the plan's location). */
export async function sellMembership(ctx: Ctx, contactId: string, body: z.output<typeof SellMembership>): Promise<Reply<HeldMembership>> {
  const contact = await getContact(ctx, contactId);
  const plan = await ctx.sql.first(ctx.db.qb.selectFrom('membership_plans').select(['id', 'location_id']).where('id', '=', body.plan_id).where('company_id', '=', ctx.auth.companyId));
  if (!plan) throw new ApiError('resource_missing', `No such membership plan: ${body.plan_id}.`, { param: 'plan_id' });
  const location = await requireLocation(ctx.db, ctx.sql, ctx.auth, plan.location_id, 'plan_id');
  const codeKey = body.member_code === undefined ? null : memberCodeKey(body.member_code);
  const now = nowIso();
  const membership = {
    id: randomUUID(),
    company_id: ctx.auth.companyId,
    contact_id: contact.id,
    location_id: plan.location_id,
    kind: 'membership' as const,
    plan_id: plan.id,
    package_template_id: null,
    status: 'active',
    member_code: body.member_code?.trim() ?? null,
    start_date: body.start_date ?? localToday(location.timezone),
    end_date: null,
    credits_total: null,
    created_at: now,
    updated_at: now,
  };
  return ctx.transaction(async (sql) => {
    try {
      await sql.run(ctx.db.qb.insertInto('memberships').values(membership));
      if (codeKey) {
        await refuseCodeShadowingCard(ctx.db, sql, ctx.auth.companyId, body.member_code!, null);
        const feedSeq = await nextFeedSeq(ctx.db, sql, ctx.auth.companyId);
        await sql.run(
          ctx.db.qb.insertInto('credential_keys').values({
            company_id: ctx.auth.companyId,
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
    const [held] = await heldMemberships(ctx.db, sql, ctx.auth.companyId, { membershipId: membership.id });
    return { status: 201, body: held! };
  });
}
