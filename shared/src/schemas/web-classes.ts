import { z } from 'zod';
import { ClassSummary, PaidBy, rosterSources, rosterStatuses } from './classes.js';
import { Count, DateOnly, Id, LocationOnlyQuery, Timestamp } from './common.js';

/**
 * The staff web app's class endpoints, below `/app/api/classes` (server/src/web/classes/): the
 * week's timetable, weekly series and one-off classes (owners and managers), the class page's
 * roster and waitlist (every role). Times on the wire are UTC; series are local wall time plus the
 * location's zone.
 */

const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time, HH:MM.');
const Weekdays = z
  .array(z.number().int().min(1).max(7))
  .min(1, 'Choose at least one weekday.')
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'Each weekday once.')
  .describe('ISO weekdays, Monday = 1');
const Duration = z.number().int().min(5).max(600).describe('Minutes; default the service’s duration');
const Capacity = z.number().int().min(1).max(1000);
const DryRun = z.boolean().optional().describe('true: answer what would change and change nothing');

export const WeekQuery = z.strictObject({ location_id: Id, week: DateOnly.optional().describe('Any day of the week wanted (its Monday to Sunday, local); default this week') });
export { LocationOnlyQuery };

export const TimetableClass = ClassSummary.extend({ series_id: Id.nullable(), room_name: z.string().nullable() });
export type TimetableClass = z.infer<typeof TimetableClass>;

export const WeekTimetable = z.object({
  location: z.object({ id: Id, name: z.string(), time_zone: z.string() }),
  week_start: DateOnly,
  week_end: DateOnly,
  dst_note: z.string().nullable().describe('Set when the clocks change in this week at the location'),
  days: z.array(z.object({ date: DateOnly, classes: z.array(TimetableClass) })),
});
export type WeekTimetable = z.infer<typeof WeekTimetable>;

export const TimetableOptions = z.object({
  services: z.array(z.object({ id: Id, name: z.string(), duration_minutes: Count, staff_ids: z.array(Id).describe('Who may teach it; empty: anyone') })),
  instructors: z.array(z.object({ id: Id, name: z.string() })),
  rooms: z.array(z.object({ id: Id, name: z.string() })),
});
export type TimetableOptions = z.infer<typeof TimetableOptions>;

export const SeriesView = z.object({
  id: Id,
  location_id: Id,
  service_id: Id,
  service_name: z.string(),
  staff_id: Id.nullable(),
  staff_name: z.string().nullable(),
  room_id: Id.nullable(),
  room_name: z.string().nullable(),
  weekdays: z.array(z.number().int()),
  start_time: z.string(),
  duration_minutes: Count,
  capacity: Count,
  starts_on: DateOnly,
  ends_on: DateOnly,
  upcoming_classes: Count,
});
export type SeriesView = z.infer<typeof SeriesView>;
export const SeriesList = z.object({ data: z.array(SeriesView) });

export const SeriesCreate = z.strictObject({
  location_id: Id,
  service_id: Id,
  staff_id: Id.nullable().optional(),
  room_id: Id.nullable().optional(),
  weekdays: Weekdays,
  start_time: LocalTime,
  duration_minutes: Duration.optional(),
  capacity: Capacity,
  starts_on: DateOnly,
  ends_on: DateOnly,
});
export type SeriesCreate = z.infer<typeof SeriesCreate>;
export const SeriesCreated = SeriesView.extend({ classes_created: Count });
export type SeriesCreated = z.infer<typeof SeriesCreated>;

export const SeriesUpdate = z.strictObject({
  staff_id: Id.nullable().optional(),
  room_id: Id.nullable().optional(),
  capacity: Capacity.optional(),
  start_time: LocalTime.optional(),
  duration_minutes: Duration.optional(),
  dry_run: DryRun,
});
export type SeriesUpdate = z.infer<typeof SeriesUpdate>;

export const KeptClass = z.object({ class_id: Id, start: Timestamp, reason: z.string() });
export const SeriesUpdateResult = z.object({
  dry_run: z.boolean(),
  sessions: Count.describe('Upcoming classes the change touches'),
  bookings: Count.describe('Reserved and checked-in spots in those classes'),
  kept: z.array(KeptClass).describe('Upcoming classes left as they are, and why'),
  series: SeriesView,
});
export type SeriesUpdateResult = z.infer<typeof SeriesUpdateResult>;

export const SeriesEnd = z.strictObject({ from: DateOnly.describe('The first local day without the series'), dry_run: DryRun });
export type SeriesEnd = z.infer<typeof SeriesEnd>;
export const SeriesEndResult = z.object({
  dry_run: z.boolean(),
  removed: Count.describe('Upcoming classes nobody had booked or queued for: deleted'),
  cancelled: Count.describe('Upcoming classes with bookings or a waitlist: cancelled, their spots released excused'),
  bookings_released: Count,
  series: SeriesView,
});
export type SeriesEndResult = z.infer<typeof SeriesEndResult>;

export const SeriesExtend = z.strictObject({ ends_on: DateOnly, dry_run: DryRun });
export type SeriesExtend = z.infer<typeof SeriesExtend>;
export const SeriesExtendResult = z.object({ dry_run: z.boolean(), classes_created: Count, series: SeriesView });
export type SeriesExtendResult = z.infer<typeof SeriesExtendResult>;

export const OneOffClassCreate = z.strictObject({
  location_id: Id,
  service_id: Id,
  staff_id: Id.nullable().optional(),
  room_id: Id.nullable().optional(),
  start: z.string().min(16).max(40).describe("Local wall time 'YYYY-MM-DDTHH:MM' at the location, or an RFC 3339 instant"),
  duration_minutes: Duration.optional(),
  capacity: Capacity,
});
export type OneOffClassCreate = z.infer<typeof OneOffClassCreate>;

export const ClassChange = z.strictObject({ capacity: Capacity.optional(), staff_id: Id.nullable().optional() });
export type ClassChange = z.infer<typeof ClassChange>;

export const ClassPageRosterRow = z.object({
  attendee_id: Id,
  contact_id: Id,
  name: z.string(),
  status: z.enum(rosterStatuses),
  paid_by: PaidBy,
  source: z.enum(rosterSources),
  excused: z.boolean(),
  booked_at: Timestamp,
  checked_in_at: Timestamp.nullable(),
  cancelled_at: Timestamp.nullable(),
});
export const ClassPageWaitlistRow = z.object({
  waitlist_id: Id,
  contact_id: Id,
  name: z.string(),
  status: z.enum(['waiting', 'offered']),
  position: Count,
  offer_expires_at: Timestamp.nullable(),
});
export const ClassPage = TimetableClass.extend({
  location_name: z.string(),
  time_zone: z.string(),
  late_cancel_from: Timestamp.describe('From then on a cancellation is late'),
  roster: z.array(ClassPageRosterRow),
  waitlist: z.array(ClassPageWaitlistRow),
});
export type ClassPage = z.infer<typeof ClassPage>;
export type ClassPageRosterRow = z.infer<typeof ClassPageRosterRow>;
export type ClassPageWaitlistRow = z.infer<typeof ClassPageWaitlistRow>;

export const RosterContact = z.strictObject({ contact_id: Id });
export const RosterBook = z.strictObject({ contact_id: Id, allow_without_entitlement: z.boolean().optional() });
export const RosterCancel = z.strictObject({ contact_id: Id, excuse: z.boolean().optional() });
export const WaitlistMove = z.strictObject({ direction: z.enum(['up', 'down']) });
export const WaitlistAdded = z.object({ waitlist_id: Id, position: Count, promoted: z.boolean() });
export const WaitlistOrder = z.object({ waitlist: z.array(ClassPageWaitlistRow) });
