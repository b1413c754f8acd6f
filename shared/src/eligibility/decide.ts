import { DateTime } from 'luxon';
import type { eligibilityReasons } from '../schemas/members.js';
import { localClock, type LocalClock } from './local-clock.js';
import { weekdayNames, type CheckinRules } from './rules.js';

export type Reason = (typeof eligibilityReasons)[number];

/**
 * What the rules need to know of one membership at one location. The server loads these from its
 * database; the agent keeps them from the eligibility feed, so both decide with this one function.
 */
export interface EligibilityFacts {
  status: string;
  start_date: string;
  end_date: string | null;
  /** Visits per limit period (memberships) or credits in all (packages); null is unlimited. */
  allowance: number | null;
  /** Counted visits in the current limit period (memberships) or ever (packages). */
  used: number;
  /** When the current limit period ends and `used` starts again from 0 (UTC); null: never. */
  allowance_renews_at: string | null;
  /** Whether the plan admits this location. */
  allowed_here: boolean;
  form_signed: boolean;
  has_card: boolean;
}

export interface Decision {
  valid: boolean;
  /** The first refusing rule, null when valid. */
  reason: Reason | null;
  /** Every refusing rule, in rule order. */
  reasons: Reason[];
  /** Rules the location set to warn: let in, but staff should follow up. */
  warnings: Reason[];
  visits_remaining: number | null;
}

const statusReasons: Record<string, Reason | undefined> = {
  cancelled: 'cancelled',
  expired: 'expired',
  paused: 'paused',
  pending: 'not_started',
};

function withinAccessHours(rules: CheckinRules, local: LocalClock): boolean {
  if (!rules.access_hours) return true;
  // Stryker disable next-line ArrayDeclaration: a closed day has no spans; a made-up entry has no start or end and never matches either
  const spans = rules.access_hours[weekdayNames[local.weekday - 1]!] ?? [];
  return spans.some((span) => span.start <= local.time && local.time < span.end);
}

/**
 * The check-in rules, in order (docs/api-decisions.md, Members and check-in). Status, dates, access to
 * the location, access hours and allowance always refuse; `past_due`, `form_missing` and `no_card`
 * do what the location's check-in alert setting says: block, warn, or nothing.
 */
export function decide(facts: EligibilityFacts, rules: CheckinRules, now: Date): Decision {
  const local = localClock(rules.timezone, now);
  const today = local.date;
  const refusing: Reason[] = [];
  const warnings: Reason[] = [];
  const alert = (reason: 'past_due' | 'form_missing' | 'no_card', applies: boolean) => {
    if (!applies) return;
    const action = rules.checkin_alerts[reason];
    if (action === 'block') refusing.push(reason);
    else if (action === 'warn') warnings.push(reason);
  };

  const byStatus = statusReasons[facts.status];
  if (byStatus) refusing.push(byStatus);
  if (facts.status !== 'pending' && today < facts.start_date) refusing.push('not_started');
  if (facts.status !== 'expired' && facts.end_date !== null && today > facts.end_date) refusing.push('expired');
  alert('past_due', facts.status === 'past_due');
  if (!facts.allowed_here) refusing.push('location_not_allowed');
  if (!withinAccessHours(rules, local)) refusing.push('outside_access_hours');
  const renewed = facts.allowance_renews_at !== null && now.toISOString() >= facts.allowance_renews_at;
  const used = renewed ? 0 : facts.used;
  const remaining = facts.allowance === null ? null : Math.max(0, facts.allowance - used);
  if (remaining === 0) refusing.push('no_visits_remaining');
  alert('form_missing', !facts.form_signed);
  alert('no_card', !facts.has_card);

  return { valid: refusing.length === 0, reason: refusing[0] ?? null, reasons: refusing, warnings, visits_remaining: remaining };
}

/** The end of a membership's last valid day at the location, as a UTC instant. */
export function validUntil(endDate: string | null, timezone: string): string | null {
  return endDate === null ? null : DateTime.fromISO(endDate, { zone: timezone }).plus({ days: 1 }).toUTC().toISO();
}
