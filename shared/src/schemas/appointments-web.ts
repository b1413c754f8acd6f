import { z } from 'zod';
import { DailySpan, weekdayNames } from './local-time.js';
import { bookingStatuses } from './bookings.js';
import { DateOnly, DateTimeInput, Id, Timestamp, list } from './common.js';

/**
 * The staff web app's appointments calendar (server/src/web/appointments/): what one location's
 * day or week holds, the open slots of a service, and the schedule edits. Times out are UTC
 * instants; the app shows them in the location's zone.
 */

export const CalendarQuery = z.strictObject({
  location_id: Id,
  date: DateOnly.describe('The first local date at the location'),
  days: z.coerce.number().int().min(1).max(7).default(1).describe('1 for a day, 7 for a week'),
});

/** [start, end) as instants. */
export const CalendarSpan = z.object({ start: Timestamp, end: Timestamp });

export const CalendarStaffDay = z.object({
  date: DateOnly,
  /** Where the day's hours come from: the weekly hours, a date override, or none (not worked). */
  source: z.enum(['weekly', 'override', 'none']),
  /** Working time that day, time off already taken out. */
  working: z.array(CalendarSpan),
});

export const CalendarStaff = z.object({
  id: Id,
  name: z.string(),
  days: z.array(CalendarStaffDay),
  time_off: z.array(CalendarSpan.extend({ id: Id, reason: z.string().nullable() })),
});

export const CalendarBooking = z.object({
  id: Id,
  start: Timestamp,
  end: Timestamp,
  status: z.enum(bookingStatuses),
  late_cancel: z.boolean(),
  staff_id: Id,
  staff_name: z.string(),
  room_id: Id.nullable(),
  room_name: z.string().nullable(),
  contact_id: Id,
  contact_name: z.string(),
  service_id: Id,
  service_name: z.string(),
});
export type CalendarBooking = z.infer<typeof CalendarBooking>;

export const CalendarService = z.object({ id: Id, name: z.string(), duration_minutes: z.number().int(), room_id: Id.nullable(), staff_ids: z.array(Id) });

export const AppointmentCalendar = z.object({
  location_id: Id,
  time_zone: z.string(),
  dates: z.array(DateOnly),
  from: Timestamp,
  to: Timestamp,
  staff: z.array(CalendarStaff),
  rooms: z.array(z.object({ id: Id, name: z.string() })),
  services: z.array(CalendarService),
  /** Every booking starting in the window, cancelled ones included (their status says so). */
  bookings: z.array(CalendarBooking),
});
export type AppointmentCalendar = z.infer<typeof AppointmentCalendar>;

export const OpenSlotsQuery = z.strictObject({ location_id: Id, service_id: Id, staff_id: Id.optional(), date: DateOnly });
export const OpenSlot = z.object({ start: Timestamp, end: Timestamp, staff_id: Id, staff_name: z.string() });
export const OpenSlots = list(OpenSlot);
export type OpenSlot = z.infer<typeof OpenSlot>;

export const WebBookingCreate = z.strictObject({ location_id: Id, service_id: Id, staff_id: Id, contact_id: Id, start: DateTimeInput, notes: z.string().max(2000).optional() });
export const WebBookingReschedule = z.strictObject({ start: DateTimeInput });
export const WebBookingCancel = z.strictObject({ reason: z.string().trim().max(500).optional() });
export const WebBookingOutcome = z.strictObject({ status: z.enum(['completed', 'no_show']) });

/** The booking after a change, as the calendar shows it. */
export const WebBooking = CalendarBooking;

export const WebWeeklyHours = z.record(z.enum(weekdayNames), z.array(z.object({ start: z.string(), end: z.string() })));
export const StaffScheduleQuery = z.strictObject({ location_id: Id });
export const StaffSchedule = z.object({
  staff_id: Id,
  location_id: Id,
  hours: WebWeeklyHours,
  /** Date overrides from today on, by date. */
  overrides: z.array(z.object({ date: DateOnly, day_off: z.boolean(), spans: z.array(z.object({ start: z.string(), end: z.string() })) })),
  /** Time off not yet over. */
  time_off: z.array(z.object({ id: Id, start: Timestamp, end: Timestamp, reason: z.string().nullable() })),
});
export type StaffSchedule = z.infer<typeof StaffSchedule>;

export const StaffHoursChange = z.strictObject({ location_id: Id, hours: z.partialRecord(z.enum(weekdayNames), z.array(DailySpan)) });
export const StaffOverrideChange = z.strictObject({ location_id: Id, date: DateOnly, spans: z.array(DailySpan) });
export const StaffOverrideClear = z.strictObject({ location_id: Id, date: DateOnly });
export const StaffTimeOffAdd = z.strictObject({ location_id: Id, start: DateTimeInput, end: DateTimeInput, reason: z.string().trim().min(1).max(500).optional() });
export const StaffTimeOffRemove = z.strictObject({ location_id: Id });
