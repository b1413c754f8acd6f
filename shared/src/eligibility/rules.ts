import { z } from 'zod';
import { DailySpan, weekdayNames } from '../schemas/local-time.js';

export { DailySpan, LocalEndTime, LocalTime, endAfterStart, weekdayNames } from '../schemas/local-time.js';

/** What a check-in alert does: refuse the check-in, let it through with a warning, or nothing. */
export const AlertAction = z.enum(['block', 'warn', 'off']);

export const CheckinAlerts = z.strictObject({
  past_due: AlertAction.default('block'),
  no_card: AlertAction.default('warn'),
  form_missing: AlertAction.default('warn'),
});
export type CheckinAlerts = z.infer<typeof CheckinAlerts>;

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
