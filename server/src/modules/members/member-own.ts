import type { z } from 'zod';
import type { MemberMembership, MemberVisit } from '@studio/shared/schemas/member-account-data';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { memberProfile } from './profile.js';

/**
 * What the members' app shows a member of their own page: read by the same service as the desk's
 * member page (profile.ts), for the member acting at their location (`memberAtLocation`), whose
 * reach is their own contact alone; cut down to what a member needs (no card numbers, no codes).
 */
export async function ownMembershipsAndVisits(
  db: Db,
  actor: Actor,
  contactId: string,
  clock: Clock = systemClock,
): Promise<{ memberships: z.infer<typeof MemberMembership>[]; visits: z.infer<typeof MemberVisit>[] }> {
  const profile = await memberProfile(db, actor, contactId, clock);
  const locations = new Map((await db.all(db.qb.selectFrom('locations').select(['id', 'name']).where('company_id', '=', actor.companyId))).map((l) => [l.id, l.name]));
  return {
    memberships: profile.memberships.map((m) => ({
      id: m.id,
      kind: m.kind,
      plan_name: m.plan_name,
      status: m.status,
      start_date: m.start_date,
      end_date: m.end_date,
      renews_at: m.renews_at,
      visit_limit: m.kind === 'package' ? m.credits_total : m.visit_limit,
      visits_remaining: m.kind === 'package' ? m.credits_remaining : m.visits_remaining,
      current_period_end: m.current_period_end,
    })),
    visits: profile.visits.filter((v) => !v.voided).map((v) => ({ id: v.id, location_name: locations.get(v.location_id) ?? '', checked_in_at: v.checked_in_at })),
  };
}
