import { z } from 'zod';
import { DateOnly, Id, list, Timestamp } from './common.js';
import { MembershipStatus } from './memberships.js';

/**
 * What the members' app shows a member of their own: memberships with their usage as check-in
 * counts it, recent visits, and their private calendar feed (below `/m/api`).
 */

export const MemberMembership = z.object({
  id: Id,
  kind: z.enum(['membership', 'package']),
  plan_name: z.string(),
  status: MembershipStatus.describe('Put in words by the app'),
  start_date: DateOnly,
  end_date: DateOnly.nullable(),
  renews_at: DateOnly.nullable(),
  visit_limit: z.number().int().nullable().describe('Visits per period; null is unlimited'),
  visits_remaining: z.number().int().nullable().describe('Left in this period (a package: credits left); null when unlimited'),
  current_period_end: DateOnly.nullable(),
});
export const MemberMembershipList = list(MemberMembership);

export const MemberVisit = z.object({
  id: Id,
  location_name: z.string(),
  checked_in_at: Timestamp,
});
export const MemberVisitList = list(MemberVisit);

export const MemberCalendarFeed = z.object({
  active: z.boolean(),
  created_at: Timestamp.nullable(),
  url: z.string().nullable().describe('Given once, when the link is made: only its hash is kept'),
});

export const BookingKindParams = z.strictObject({ kind: z.enum(['appointment', 'class']), id: Id });
export const FeedTokenParams = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, 'the feed link as given') });
export const CalendarText = z.string().describe('text/calendar (RFC 5545)');
