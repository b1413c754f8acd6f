import { DateTime } from 'luxon';
import { billingPeriod } from './periods.js';

export interface LimitPeriod {
  /** UTC instants, [start, end). */
  start: string;
  end: string;
}

/** The same period as local dates at the location, both inclusive; `end` null when it never ends. */
export interface LimitPeriodDates {
  start: string;
  end: string | null;
}

/**
 * The period a visit limit counts in, as local dates at the location: a calendar day, a
 * Monday-to-Sunday week or a calendar month when the plan says so, else the membership's billing
 * period. A held membership shows this period as `current_period_start/end`, so the visits it
 * counts and the dates it shows are one period.
 */
export function limitPeriodDates(
  visitPeriod: string | null,
  membership: { billing_interval: string | null; start_date: string; end_date: string | null },
  timezone: string,
  now: Date,
): LimitPeriodDates {
  const local = DateTime.fromJSDate(now, { zone: timezone });
  const dates = (unit: 'day' | 'week' | 'month') => ({ start: local.startOf(unit).toISODate()!, end: local.endOf(unit).toISODate()! });
  switch (visitPeriod) {
    case 'day':
    case 'week':
    case 'month':
      return dates(visitPeriod);
  }
  const period = billingPeriod(membership.billing_interval ?? 'once', membership.start_date, membership.end_date, local.toISODate()!);
  return { start: period.current_period_start ?? membership.start_date, end: period.current_period_end };
}

/** The limit period as UTC instants: from local midnight of its first day to local midnight after its last. */
export function limitPeriod(visitPeriod: string | null, membership: { billing_interval: string | null; start_date: string; end_date: string | null }, timezone: string, now: Date): LimitPeriod {
  const { start, end } = limitPeriodDates(visitPeriod, membership, timezone, now);
  const midnight = (date: string) => DateTime.fromISO(date, { zone: timezone }).startOf('day');
  const toLocal = end === null ? DateTime.fromISO('9999-12-31', { zone: timezone }) : midnight(end).plus({ days: 1 });
  return { start: midnight(start).toUTC().toISO()!, end: toLocal.toUTC().toISO()! };
}
