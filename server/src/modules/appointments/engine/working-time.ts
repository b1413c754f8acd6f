import { IntervalSet, normalise } from './intervals.js';
import { isoWeekday } from './local-time.js';
import type { Interval, LocalSpan, TechnicianSchedule } from './types.js';

/** The local spans that apply on a date: its override if it has one, else its weekday's. */
export function spansOn(schedule: TechnicianSchedule, date: string): LocalSpan[] {
  return schedule.overrides[date] ?? schedule.weekly[isoWeekday(date)] ?? [];
}

/**
 * A technician's working time on the given local dates, sorted and disjoint. Spans of one date
 * that overlap or touch form one stretch (a split entry such as 09:00–12:00 and 12:00–17:00 is
 * one working morning-to-evening); stretches of different dates stay apart, so the stretches of
 * a date never depend on which other dates were asked for.
 */
export function workingTime(
  schedule: TechnicianSchedule,
  dates: readonly string[],
  timeOff: IntervalSet,
  /** `localInstant` in the location's zone. */
  instantOf: (date: string, time: string) => number,
): Interval[] {
  const working: Interval[] = [];
  for (const date of dates) {
    const stretches = normalise(spansOn(schedule, date).map((span) => ({ start: instantOf(date, span.start), end: instantOf(date, span.end) })));
    for (const stretch of stretches) working.push(...timeOff.subtractFrom(stretch));
  }
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: dates come in order and a date's spans lie within it, so the list is sorted already; the sort states the contract
  return working.sort((a, b) => a.start - b.start);
}
