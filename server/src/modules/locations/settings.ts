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

const minutes = z.number().int().min(0);
const hours = z.number().int().min(0);
const days = z.number().int().min(1);

export const AppointmentRules = z.strictObject({
  min_notice_minutes: minutes.default(60),
  horizon_days: days.default(60),
  slot_interval_minutes: z.number().int().min(5).max(240).default(15),
  cancellation_window_hours: hours.default(24),
});

export const ClassRules = z.strictObject({
  signup_cutoff_minutes: minutes.default(0),
  /** Null: no daily maximum. Counted by the local day the class starts. */
  max_classes_per_day: z.number().int().min(1).nullable().default(null),
  cancellation_window_hours: hours.default(12),
  booking_horizon_days: days.default(30),
  /** How long a waitlisted contact has to accept a freed spot. */
  waitlist_offer_minutes: z.number().int().min(1).default(60),
  /** Closer than this to the start, a freed spot is offered rather than promoted at once. */
  waitlist_offer_cutoff_hours: hours.default(24),
});

/** What a check-in alert does: refuse the check-in, let it through with a warning, or nothing. */
export const AlertAction = z.enum(['block', 'warn', 'off']);

export const CheckinAlerts = z.strictObject({
  past_due: AlertAction.default('block'),
  no_card: AlertAction.default('warn'),
  form_missing: AlertAction.default('warn'),
});

export const weekdayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** Opening hours per local weekday; a weekday left out is closed. */
export const AccessHours = z.partialRecord(z.enum(weekdayNames), z.array(DailySpan));

/**
 * A location's rules, stored as JSON text in `locations.settings`. Every field has a default, so
 * `{}` parses; `prefault({})` runs a missing group through its own defaults.
 */
export const LocationSettings = z.strictObject({
  appointments: AppointmentRules.prefault({}),
  classes: ClassRules.prefault({}),
  checkin_alerts: CheckinAlerts.prefault({}),
  /** Absent: no access-hours restriction (open whenever staff let members in). */
  access_hours: AccessHours.optional(),
});
export type LocationSettings = z.infer<typeof LocationSettings>;

export function parseLocationSettings(json: string): LocationSettings {
  return LocationSettings.parse(JSON.parse(json));
}
