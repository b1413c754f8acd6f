import { DateTime, type DurationLikeObject } from 'luxon';

const intervals: Record<string, DurationLikeObject | null> = {
  weekly: { weeks: 1 },
  monthly: { months: 1 },
  quarterly: { months: 3 },
  yearly: { years: 1 },
  once: null,
};

export interface BillingPeriod {
  current_period_start: string | null;
  current_period_end: string | null;
  renews_at: string | null;
}

/**
 * The billing period holding `today` (a local date at the location), counted from the start
 * date so a member who joined on the 31st renews on the last day of shorter months. End dates are
 * inclusive. A `once` plan has one period, from start to end date.
 */
export function billingPeriod(interval: string, startDate: string, endDate: string | null, today: string): BillingPeriod {
  const step = intervals[interval];
  const start = DateTime.fromISO(startDate, { zone: 'utc' });
  if (!step) return { current_period_start: startDate, current_period_end: endDate, renews_at: null };
  const day = DateTime.fromISO(today, { zone: 'utc' });
  let n = 0;
  // Periods are added to the original start (not chained), so month-end starts do not drift.
  const periodStart = (k: number) => start.plus(Object.fromEntries(Object.entries(step).map(([unit, size]) => [unit, (size as number) * k])));
  if (day > start) {
    const unit = Object.keys(step)[0] as keyof DurationLikeObject;
    n = Math.max(0, Math.floor(day.diff(start, unit).get(unit) / (step[unit] as number)) - 1);
    while (periodStart(n + 1) <= day) n++;
  }
  const next = periodStart(n + 1);
  const iso = (d: DateTime) => d.toISODate()!;
  const renews = endDate === null || iso(next) <= endDate ? iso(next) : null;
  const periodEnd = iso(next.minus({ days: 1 }));
  return {
    current_period_start: iso(periodStart(n)),
    current_period_end: endDate !== null && endDate < periodEnd ? endDate : periodEnd,
    renews_at: renews,
  };
}

export function localToday(timezone: string, now = new Date()): string {
  return DateTime.fromJSDate(now, { zone: timezone }).toISODate()!;
}
