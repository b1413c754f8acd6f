import { z } from 'zod';
import { Count, DateOrDateTime, DateTimeInput, Id, PageQuery, Timestamp } from './common.js';
import { checkinSources } from './members.js';

export const paidByValues = ['membership', 'package', 'free_class', 'none'] as const;
export const PaidBy = z.enum(paidByValues);
export type PaidBy = z.infer<typeof PaidBy>;
export const rosterStatuses = ['reserved', 'checked_in', 'cancelled', 'late_cancelled', 'no_show'] as const;
export const rosterSources = ['staff', 'api', 'online', 'kiosk', 'waitlist'] as const;
export const waitlistStatuses = ['waiting', 'offered', 'promoted', 'expired', 'cancelled'] as const;

export const ClassSummary = z
  .object({
    id: Id,
    location_id: Id,
    service_id: Id,
    service_name: z.string(),
    technician_id: Id.nullable(),
    technician_name: z.string().nullable(),
    start: Timestamp,
    end: Timestamp,
    capacity: Count,
    booked: Count.describe('Reserved and checked-in spots'),
    spots_left: Count,
    waiting: Count,
    status: z.enum(['scheduled', 'cancelled']),
    checkin_opens_at: Timestamp.describe("From when the class may be checked into: the location's `classes.checkin_opens_minutes_before` before the start (default 30)"),
    checkin_closes_at: Timestamp.describe("Until when (inclusive): the location's `classes.checkin_closes_minutes_after` after the start (default 15)"),
  })
  .meta({ id: 'Class' });
export type ClassSummary = z.infer<typeof ClassSummary>;

export const RosterEntry = z
  .object({
    attendee_id: Id,
    contact_id: Id,
    display_name: z.string().describe('First name and last initial ("Sam K."): what a kiosk or a class screen may show without revealing the full name'),
    status: z.enum(rosterStatuses),
    paid_by: PaidBy,
    source: z.enum(rosterSources),
    booked_at: Timestamp,
    checked_in_at: Timestamp.nullable(),
    cancelled_at: Timestamp.nullable(),
    guest_of_contact_id: Id.nullable(),
  })
  .meta({ id: 'RosterEntry' });

export const WaitlistEntry = z
  .object({
    waitlist_id: Id,
    contact_id: Id,
    status: z.enum(waitlistStatuses),
    position: Count,
    offer_expires_at: Timestamp.nullable(),
  })
  .meta({ id: 'WaitlistEntry' });

export const ClassDetail = ClassSummary.extend({ roster: z.array(RosterEntry), waitlist: z.array(WaitlistEntry) }).meta({ id: 'ClassDetail' });
export type ClassDetail = z.infer<typeof ClassDetail>;

export const ClassSpotResult = z
  .object({
    attendee_id: Id,
    class_id: Id,
    contact_id: Id,
    status: z.enum(rosterStatuses),
    paid_by: PaidBy,
  })
  .meta({ id: 'ClassSpotResult' });
export type ClassSpotResult = z.infer<typeof ClassSpotResult>;

/** What book answers: the spot, how many are left, and whether the contact held it already. */
export const ClassBookResult = ClassSpotResult.extend({
  spots_left: Count,
  already_booked: z.boolean().describe('true (with 200): the contact already held this spot and nothing changed'),
}).meta({ id: 'ClassBookResult' });
export type ClassBookResult = z.infer<typeof ClassBookResult>;

export const ClassCancelResult = z
  .object({
    attendee_id: Id,
    class_id: Id,
    contact_id: Id,
    status: z.enum(rosterStatuses),
    late: z.boolean(),
    excused: z.boolean(),
    credit_consumed: z.boolean(),
    paid_by: PaidBy,
    spots_left: Count,
    promoted: z.array(Id).describe('Contacts moved from the waitlist into freed spots'),
  })
  .meta({ id: 'ClassCancelResult' });
export type ClassCancelResult = z.infer<typeof ClassCancelResult>;

/** What restoring a cancelled class answers: the class as it is now, and what came back with it. */
export const ClassRestoreResult = ClassSummary.extend({
  already_scheduled: z.boolean().describe('true: the class was not cancelled and nothing changed'),
  restored: z
    .array(z.object({ attendee_id: Id, contact_id: Id, paid_by: PaidBy }))
    .describe("The spots the class's cancellation had released, reserved again as they were booked (same coverage, same booking time); spots their contacts had cancelled themselves stay cancelled"),
  waitlist_restored: Count.describe("Waitlist entries the class's cancellation had ended, queued again in their order"),
  promoted: z.array(Id).describe('Contacts moved from the waitlist into spots that were free'),
}).meta({ id: 'ClassRestoreResult' });
export type ClassRestoreResult = z.infer<typeof ClassRestoreResult>;

export const ClassListQuery = z.strictObject({
  location_id: Id.optional(),
  service_id: Id.optional(),
  from: DateOrDateTime.optional().describe('Default now'),
  to: DateOrDateTime.optional().describe('Default from + 7 days; at most 31 days after from'),
  ...PageQuery,
});

export const ClassBook = z.strictObject({ contact_id: Id, allow_without_entitlement: z.boolean().optional() }).meta({ id: 'ClassBook' });
export const ClassCancel = z.strictObject({ contact_id: Id, excuse: z.boolean().optional() }).meta({ id: 'ClassCancel' });
export const ClassCheckIn = z
  .strictObject({
    contact_id: Id,
    checked_in_at: DateTimeInput.optional().describe(
      "When it happened, default now: a device reporting late (after an outage) sends the real time; more than 5 minutes ahead is refused, more than 5 minutes in the past is a device key's only (403 `device_only`)",
    ),
    source: z
      .enum(checkinSources)
      .optional()
      .describe(
        "What checked the contact in, recorded on the visit: the caller's own, filled in when left out (`api` for an API key, `staff` for a staff session, the device's kind for a device key); another is 403 `device_only`",
      ),
    device_id: z.string().min(1).max(100).optional().describe("The reporting device, recorded on the visit: a device key's own only (403 `device_only` otherwise), filled in when left out"),
    offline: z
      .boolean()
      .optional()
      .describe(
        "Decided by a device while it could not reach the server; recorded on the visit; a device key's only (403 `device_only`). Unlike a facility visit, the check-in alerts still apply; outside the class's check-in window it is recorded with the visit flag `outside_checkin_window` rather than refused",
      ),
  })
  .meta({ id: 'ClassCheckIn' });
