import { z } from 'zod';
import { defineContract } from './contract.js';
import { BookingKindParams, CalendarText, FeedTokenParams, MemberCalendarFeed, MemberMembershipList, MemberVisitList } from '../schemas/member-account-data.js';

const tag = 'Members app: my membership and calendar';
const NoContent = z.undefined();

/** What a member reads of their own below /m/api: memberships, visits, and their bookings for a calendar app. */
export const memberAccountDataContracts = {
  memberMemberships: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/memberships',
    operationId: 'memberMemberships',
    summary: "The member's memberships and packages: plan, status, visits left this period, renewal or end",
    tag,
    scopes: [],
    responses: { 200: { description: 'What the member holds', schema: MemberMembershipList } },
  }),
  memberVisits: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/visits',
    operationId: 'memberVisits',
    summary: "The member's recent check-ins, newest first (voided ones left out)",
    tag,
    scopes: [],
    responses: { 200: { description: 'Recent visits', schema: MemberVisitList } },
  }),
  memberBookingCalendar: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/calendar/:kind/:id',
    operationId: 'memberBookingCalendar',
    summary: 'One of the member’s bookings (an appointment or a class) as an .ics file to add to a calendar',
    tag,
    scopes: [],
    params: BookingKindParams,
    responses: { 200: { description: 'text/calendar', schema: CalendarText } },
    errors: ['resource_missing'],
  }),
  memberCalendarFeed: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/calendar-feed',
    operationId: 'memberCalendarFeed',
    summary: 'Whether the member has a private calendar feed link, and since when (the link itself is shown only when made)',
    tag,
    scopes: [],
    responses: { 200: { description: 'The feed', schema: MemberCalendarFeed } },
  }),
  memberRenewCalendarFeed: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/calendar-feed',
    operationId: 'memberRenewCalendarFeed',
    summary: 'Make a new private calendar feed link; the one before stops working',
    tag,
    scopes: [],
    responses: { 200: { description: 'The new link, shown this once', schema: MemberCalendarFeed } },
    errors: ['csrf_failed'],
  }),
  memberRevokeCalendarFeed: defineContract({
    mount: 'member',
    method: 'DELETE',
    path: '/calendar-feed',
    operationId: 'memberRevokeCalendarFeed',
    summary: 'Stop the private calendar feed link',
    tag,
    scopes: [],
    responses: { 204: { description: 'Stopped', schema: NoContent } },
    errors: ['csrf_failed'],
  }),
  memberCalendarFeedByToken: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/calendar-feed/:token',
    operationId: 'memberCalendarFeedByToken',
    summary: "A member's upcoming bookings as an iCalendar feed, read by calendar apps without a cookie: the link's token alone authorizes it",
    tag,
    scopes: [],
    signedOut: true,
    params: FeedTokenParams,
    responses: { 200: { description: 'text/calendar', schema: CalendarText } },
    errors: ['resource_missing', 'rate_limited'],
  }),
};
