import { DateTime } from 'luxon';
import { billingPeriod } from '../memberships/periods.js';

export interface LimitPeriod {
  /** UTC instants, [start, end). */
  start: string;
  end: string;
}

/**
 * The period a visit limit counts in, in the location's zone: a calendar day, a Monday-to-Sunday
 * week or a calendar month when the plan says so, else the membership's billing period.
 */
export function limitPeriod(
  visitPeriod: string | null,
  membership: { billing_interval: string | null; start_date: string; end_date: string | null },
  timezone: string,
  now: Date,
): LimitPeriod {
  const local = DateTime.fromJSDate(now, { zone: timezone });
  const span = (from: DateTime, to: DateTime) => ({ start: from.toUTC().toISO()!, end: to.toUTC().toISO()! });
  switch (visitPeriod) {
    case 'day':
      return span(local.startOf('day'), local.startOf('day').plus({ days: 1 }));
    case 'week':
      return span(local.startOf('week'), local.startOf('week').plus({ weeks: 1 }));
    case 'month':
      return span(local.startOf('month'), local.startOf('month').plus({ months: 1 }));
  }
  const period = billingPeriod(membership.billing_interval ?? 'once', membership.start_date, membership.end_date, local.toISODate()!);
  const from = period.current_period_start ?? membership.start_date;
  const fromLocal = DateTime.fromISO(from, { zone: timezone }).startOf('day');
  const toLocal = period.current_period_end
    ? DateTime.fromISO(period.current_period_end, { zone: timezone }).startOf('day').plus({ days: 1 })
    : DateTime.fromISO('9999-12-31', { zone: timezone });
  return span(fromLocal, toLocal);
}
