import type { HeldMembership } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import { billingPeriod, localToday } from './periods.js';

/**
 * What a contact holds, with usage. No visit or class check-in is recorded by the foundation
 * yet, so usage counts start at zero; the members issue counts visits into these same fields.
 */
export async function heldMemberships(db: Db, sql: Queryable, companyId: string, contactId: string, now = new Date()): Promise<HeldMembership[]> {
  const rows = await sql.all(
    db.qb
      .selectFrom('memberships as m')
      .innerJoin('locations as l', 'l.id', 'm.location_id')
      .leftJoin('membership_plans as p', 'p.id', 'm.plan_id')
      .leftJoin('package_templates as t', 't.id', 'm.package_template_id')
      .select([
        'm.id', 'm.contact_id', 'm.location_id', 'm.kind', 'm.plan_id', 'm.package_template_id', 'm.status', 'm.member_code',
        'm.start_date', 'm.end_date', 'm.credits_total', 'm.created_at', 'l.timezone',
        'p.name as plan_name', 'p.billing_interval', 'p.visit_limit', 'p.class_limit_per_week', 't.name as template_name',
      ])
      .where('m.company_id', '=', companyId)
      .where('m.contact_id', '=', contactId)
      .orderBy('m.created_at')
      .orderBy('m.id'),
  );
  return rows.map((row) => {
    const isPackage = row.kind === 'package';
    const period = isPackage
      ? { current_period_start: row.start_date, current_period_end: row.end_date, renews_at: null }
      : billingPeriod(row.billing_interval ?? 'once', row.start_date, row.end_date, localToday(row.timezone, now));
    const visitsUsed = 0;
    const creditsUsed = 0;
    return {
      id: row.id,
      contact_id: row.contact_id,
      location_id: row.location_id,
      kind: row.kind,
      plan_id: row.plan_id,
      package_template_id: row.package_template_id,
      plan_name: (isPackage ? row.template_name : row.plan_name) ?? '',
      status: row.status as HeldMembership['status'],
      member_code: row.member_code,
      start_date: row.start_date,
      end_date: row.end_date,
      ...period,
      visit_limit: isPackage ? null : row.visit_limit,
      visits_used: visitsUsed,
      visits_remaining: isPackage || row.visit_limit === null ? null : Math.max(0, row.visit_limit - visitsUsed),
      class_limit_per_week: isPackage ? null : row.class_limit_per_week,
      credits_total: isPackage ? row.credits_total : null,
      credits_remaining: isPackage && row.credits_total !== null ? Math.max(0, row.credits_total - creditsUsed) : null,
      created_at: row.created_at,
    };
  });
}
