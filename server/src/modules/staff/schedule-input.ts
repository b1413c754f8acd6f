import { DailySpan, DateTimeInput, weekdayNames } from '@studio/shared';
import { z } from 'zod';

/**
 * What a staff member's schedule is made of, as the import file and the CLI take it: local spans of
 * one day, weekly hours at a location, and time off. One set of rules for every way in.
 */

export type Span = z.infer<typeof DailySpan>;

export function spanText(span: Span): string {
  return `${span.start}-${span.end}`;
}

/** The first two spans that overlap, half-open: 09:00-13:00 and 13:00-18:00 are back to back, not overlapping. */
export function firstOverlap(spans: Span[]): [Span, Span] | undefined {
  const sorted = [...spans].sort((a, b) => a.start.localeCompare(b.start));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end) return [sorted[i - 1]!, sorted[i]!];
  }
  return undefined;
}

/** The working spans of one day, none overlapping another. */
export const DaySpans = z.array(DailySpan).superRefine((spans, ctx) => {
  const overlap = firstOverlap(spans);
  if (overlap) ctx.addIssue({ code: 'custom', message: `spans ${spanText(overlap[0])} and ${spanText(overlap[1])} overlap` });
});

/** Weekly hours at one location, by weekday name; a weekday left out is not worked. */
export const WeeklyHours = z.partialRecord(z.enum(weekdayNames), DaySpans);
export type WeeklyHours = z.infer<typeof WeeklyHours>;

/** The longest time off one entry may describe: a year, leap day included. */
export const maxTimeOffDays = 366;

/** Time off belongs to no location, so a local time would be ambiguous: an offset or Z is required. */
const Instant = z
  .string()
  .refine((value) => DateTimeInput.safeParse(value).success, 'expected RFC 3339 with Z or an offset, e.g. 2026-08-03T09:00:00+01:00 (time off belongs to no location, so a local time is ambiguous)');

export const TimeOffInput = z
  .strictObject({ start: Instant, end: Instant, reason: z.string().trim().min(1).max(500).optional() })
  .refine((off) => Date.parse(off.end) > Date.parse(off.start), { message: 'end must be after start', path: ['end'] })
  .refine((off) => Date.parse(off.end) - Date.parse(off.start) <= maxTimeOffDays * 86_400_000, {
    message: `time off lasts at most ${maxTimeOffDays} days; split a longer absence into several entries`,
    path: ['end'],
  });
export type TimeOffInput = z.infer<typeof TimeOffInput>;
