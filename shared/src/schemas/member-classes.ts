import { z } from 'zod';
import { Count, Id, Timestamp, list } from './common.js';

/**
 * The members' app's classes, below `/m/api` (server/src/web/member/class-routes.ts): the timetable
 * of the member's location with their own state in each class, booking, cancelling, the waitlist and
 * its offers. Every route acts on the signed-in member's own contact: none takes a contact.
 */

export const memberClassStates = ['none', 'booked', 'checked_in', 'waiting', 'offered'] as const;

/** What a late cancel costs, as the cancel service decides it: the visit, credit or free class that paid for the spot is used; `none` when nothing paid. */
export const lateCancelCosts = ['membership_visit', 'package_credit', 'free_class', 'none'] as const;
export const LateCancelCost = z.enum(lateCancelCosts);
export type LateCancelCost = z.infer<typeof LateCancelCost>;

const LocalDate = z.iso.date().describe("The day in the location's zone");
const LocalTime = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .describe("HH:MM in the location's zone");

export const MyClassState = z.object({
  state: z.enum(memberClassStates),
  waitlist_id: Id.nullable().describe('My waitlist entry while I wait or hold an offer'),
  position: z.number().int().min(1).nullable().describe('My place on the waitlist'),
  offer_until: Timestamp.nullable().describe('An offer: accept it before this'),
  offer_until_local: LocalTime.nullable(),
  cancel: z
    .object({
      late: z.boolean().describe('Cancelling now is late (inside the location’s cancellation window)'),
      late_from: Timestamp.describe('From when a cancel is late'),
      cost: LateCancelCost.describe('What a late cancel uses up'),
    })
    .nullable()
    .describe('While booked: what cancelling now would mean'),
});

export const MemberClass = z.object({
  id: Id,
  service_id: Id,
  service_name: z.string(),
  instructor_id: Id.nullable(),
  instructor_name: z.string().nullable(),
  start: Timestamp,
  end: Timestamp,
  local_date: LocalDate,
  local_start: LocalTime,
  local_end: LocalTime,
  capacity: Count,
  spots_left: Count.describe('Free spots: capacity minus the booked and the spots held by open offers'),
  waiting: Count.describe('How many are on the waitlist'),
  status: z.enum(['scheduled', 'cancelled']),
  open: z.boolean().describe('Scheduled and not yet started: it can still be booked or joined, by the location’s rules'),
  mine: MyClassState,
});
export type MemberClass = z.infer<typeof MemberClass>;

export const MemberTimetableQuery = z.strictObject({
  week: z.enum(['this', 'next']).default('this').describe("This week or next, Monday to Sunday in the location's zone"),
  service_id: Id.optional().describe('Only this class type'),
  instructor_id: Id.optional().describe('Only this instructor’s classes'),
});

export const MemberTimetable = z.object({
  time_zone: z.string(),
  week_start: LocalDate,
  week_end: LocalDate,
  services: z.array(z.object({ id: Id, name: z.string() })).describe('The class types of the week, for the filter'),
  instructors: z.array(z.object({ id: Id, name: z.string() })).describe('The instructors of the week, for the filter'),
  classes: z.array(MemberClass).describe('Earliest first; classes already over are left out'),
});
export type MemberTimetable = z.infer<typeof MemberTimetable>;

export const MemberBookings = list(MemberClass);

export const MemberCancelResult = z.object({
  late: z.boolean(),
  cost: LateCancelCost.describe('What the cancel used up: `none` when it was in time'),
  class: MemberClass,
});

export const memberOfferStatuses = ['open', 'accepted', 'declined', 'expired'] as const;
export const MemberOffer = z.object({
  waitlist_id: Id,
  status: z.enum(memberOfferStatuses).describe('`open` until its deadline; `expired` once it lapsed or the class is gone'),
  class: MemberClass,
});
export type MemberOffer = z.infer<typeof MemberOffer>;
