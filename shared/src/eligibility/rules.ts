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

/** What a check-in alert does: refuse the check-in, let it through with a warning, or nothing. */
export const AlertAction = z.enum(['block', 'warn', 'off']);

export const CheckinAlerts = z.strictObject({
  past_due: AlertAction.default('block'),
  no_card: AlertAction.default('warn'),
  form_missing: AlertAction.default('warn'),
});
export type CheckinAlerts = z.infer<typeof CheckinAlerts>;

export const weekdayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** Opening hours per local weekday; a weekday left out is closed. */
export const AccessHours = z.partialRecord(z.enum(weekdayNames), z.array(DailySpan));
export type AccessHours = z.infer<typeof AccessHours>;

/** The location's part of the check-in rules: the same object on the server and in the agent. */
export interface CheckinRules {
  timezone: string;
  checkin_alerts: CheckinAlerts;
  /** Absent: no access-hours restriction. */
  access_hours?: AccessHours | undefined;
}
