import type { HeldMembership } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import { loadFacts, type MembershipFacts } from './facts.js';
import { limitPeriodDates } from './limit-period.js';
import { billingPeriod, localToday } from './periods.js';

/**
 * What a contact holds, with usage counted exactly as the check-in rules count it: visits in the
 * current limit period for a membership, every visit for a package. `current_period_start/end`
 * are that same period (the plan's visit period, else the billing period), so the dates shown
 * and the visits counted never disagree; `renews_at` stays the next billing date.
 */
export async function heldMemberships(db: Db, sql: Queryable, companyId: string, filter: { contactId: string } | { membershipId: string }, now = new Date()): Promise<HeldMembership[]> {
  let query = db.qb
    .selectFrom('memberships as m')
    .innerJoin('locations as l', 'l.id', 'm.location_id')
    .leftJoin('membership_plans as p', 'p.id', 'm.plan_id')
    .select([
      'm.id',
      'm.contact_id',
      'm.location_id',
      'm.kind',
      'm.plan_id',
      'm.package_template_id',
      'm.status',
      'm.member_code',
      'm.start_date',
      'm.end_date',
      'm.credits_total',
      'm.created_at',
      'l.timezone',
      'p.billing_interval',
      'p.visit_period',
      'p.class_limit_per_week',
    ])
    .where('m.company_id', '=', companyId)
    .orderBy('m.created_at')
    .orderBy('m.id');
  query = 'contactId' in filter ? query.where('m.contact_id', '=', filter.contactId) : query.where('m.id', '=', filter.membershipId);
  const rows = await sql.all(query);
  const facts = new Map<string, MembershipFacts>();
  for (const row of rows) {
    // Usage as counted at the membership's own location (the allowance does not depend on where).
    const loaded = await loadFacts(db, sql, companyId, [row.id], { id: row.location_id, timezone: row.timezone }, now, { countUnlimited: true });
    facts.set(row.id, loaded.get(row.id)!);
  }
  return rows.map((row) => {
    const isPackage = row.kind === 'package';
    const usage = facts.get(row.id)!;
    const period = isPackage ? { current_period_start: row.start_date, current_period_end: row.end_date, renews_at: null } : membershipPeriod(row, now);
    const remaining = usage.allowance === null ? null : Math.max(0, usage.allowance - usage.used);
    return {
      id: row.id,
      contact_id: row.contact_id,
      location_id: row.location_id,
      kind: row.kind,
      plan_id: row.plan_id,
      package_template_id: row.package_template_id,
      plan_name: usage.plan_name,
      status: row.status as HeldMembership['status'],
      member_code: row.member_code,
      start_date: row.start_date,
      end_date: row.end_date,
      ...period,
      visit_limit: isPackage ? null : usage.allowance,
      visits_used: usage.used,
      visits_remaining: isPackage ? null : remaining,
      class_limit_per_week: isPackage ? null : row.class_limit_per_week,
      credits_total: isPackage ? row.credits_total : null,
      credits_remaining: isPackage ? remaining : null,
      created_at: row.created_at,
    };
  });
}

/** The period a membership's visits are counted in, and its next billing date. */
function membershipPeriod(
  row: { billing_interval: string | null; visit_period: string | null; start_date: string; end_date: string | null; timezone: string },
  now: Date,
): { current_period_start: string; current_period_end: string | null; renews_at: string | null } {
  const counted = limitPeriodDates(row.visit_period, row, row.timezone, now);
  const billing = billingPeriod(row.billing_interval ?? 'once', row.start_date, row.end_date, localToday(row.timezone, now));
  return { current_period_start: counted.start, current_period_end: counted.end, renews_at: billing.renews_at };
}
