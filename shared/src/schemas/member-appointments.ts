import { z } from 'zod';
import { bookingStatuses, Slot } from './bookings.js';
import { DateOrDateTime, DateTimeInput, Id, list, Timestamp } from './common.js';

/**
 * The members' app's appointments (below `/m/api`): what the member may book at their app's
 * location, its open slots (the same answer as the API's `GET /v1/availability`), and their own
 * bookings. The contact is always the signed-in member's: no body names one.
 */

export const MemberService = z.object({
  id: Id,
  name: z.string(),
  duration_minutes: z.number().int(),
  timezone: z.string().describe("The location's IANA zone: the app shows times in it"),
});
export const MemberServiceList = list(MemberService);

export const MemberSlotsQuery = z.strictObject({
  service_id: Id,
  from: DateOrDateTime.optional().describe('Default now; a bare date is local midnight at the location'),
  to: DateOrDateTime.optional().describe('Default from + 7 days; at most 31 days after from'),
});
export const MemberSlotList = list(Slot);

export const MemberAppointment = z.object({
  id: Id,
  service_id: Id,
  service_name: z.string(),
  technician_name: z.string(),
  start: Timestamp,
  end: Timestamp,
  status: z.enum(bookingStatuses),
  late_cancel: z.boolean(),
  timezone: z.string().describe("The location's IANA zone"),
});
export type MemberAppointment = z.infer<typeof MemberAppointment>;
export const MemberAppointmentList = list(MemberAppointment);

export const MemberBookAppointment = z.strictObject({
  service_id: Id,
  start: DateTimeInput,
  technician_id: Id.optional().describe("The slot's technician; omitted: any free qualified one"),
});
export const MemberRescheduleAppointment = z.strictObject({ start: DateTimeInput });
export const MemberCancelAppointment = z.strictObject({ reason: z.string().max(500).optional() });
