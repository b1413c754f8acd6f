import { z } from 'zod';

/** 'HH:MM' on the 24-hour clock. */
export const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a local time HH:MM, 00:00 to 23:59');
/** An end of day may be 24:00, so a day can be open until midnight. */
export const LocalEndTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'expected a local time HH:MM, 00:00 to 24:00');

/** For `.refine(...endAfterStart)` on any object with local `start` and `end` times. */
export const endAfterStart: [(span: { start: string; end: string }) => boolean, { message: string; path: string[] }] = [
  (span) => span.end > span.start,
  { message: 'end must be after start', path: ['end'] },
];

/** A local [start, end) span within one day. */
export const DailySpan = z.strictObject({ start: LocalTime, end: LocalEndTime }).refine(...endAfterStart);

/** Monday first, as the booking rules count weeks. */
export const weekdayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
