import { z } from 'zod';
import { Count, DateOnly, Id, Timestamp } from './common.js';

export const membershipStatuses = ['active', 'paused', 'past_due', 'cancelled', 'expired', 'pending'] as const;
export const MembershipStatus = z.enum(membershipStatuses);

/** A membership or package a contact holds, with its usage. */
export const HeldMembership = z
  .object({
    id: Id,
    contact_id: Id,
    location_id: Id,
    kind: z.enum(['membership', 'package']),
    plan_id: Id.nullable(),
    package_template_id: Id.nullable(),
    plan_name: z.string(),
    status: MembershipStatus,
    member_code: z.string().nullable(),
    start_date: DateOnly,
    end_date: DateOnly.nullable(),
    current_period_start: DateOnly.nullable().describe(
      "First local day of the period `visits_used` and `visits_remaining` count: the plan's visit period (the calendar day, Monday-to-Sunday week or calendar month) when it has one, else the billing period; a package: its start date",
    ),
    current_period_end: DateOnly.nullable().describe('Last local day (inclusive) of that same period; null when it never ends. A package: its end date'),
    renews_at: DateOnly.nullable().describe('The next billing date; null when the plan does not renew'),
    visit_limit: Count.nullable().describe('Visits per period; null is unlimited'),
    visits_used: Count.describe('Visits counted from `current_period_start` to `current_period_end` (a package: every credit used)'),
    visits_remaining: Count.nullable().describe('`visit_limit - visits_used` in that same period, never below 0; null when unlimited'),
    class_limit_per_week: Count.nullable(),
    credits_total: Count.nullable(),
    credits_remaining: Count.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'HeldMembership' });
export type HeldMembership = z.infer<typeof HeldMembership>;

export const SellMembership = z
  .strictObject({
    plan_id: Id,
    start_date: DateOnly.optional(),
    member_code: z.string().trim().min(1).max(64).optional(),
  })
  .meta({ id: 'SellMembership' });
