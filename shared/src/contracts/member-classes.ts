import { z } from 'zod';
import { defineContract } from './contract.js';
import { IdParams } from '../schemas/common.js';
import { MemberBookings, MemberCancelResult, MemberClass, MemberOffer, MemberTimetable, MemberTimetableQuery } from '../schemas/member-classes.js';

const tag = 'Members app: classes';
/** No body: the member's own contact is the session's, never the request's. */
const NoBody = z.strictObject({}).optional();
const spot = ['resource_missing', 'location_not_allowed', 'csrf_failed'] as const;
const booking = [...spot, 'class_cancelled', 'class_full', 'booking_rule', 'entitlement_required'] as const;

/**
 * The members' app's classes, below /m/api with a member session (server/src/web/member/class-routes.ts):
 * each acts for the signed-in member at their app's location, through the services the desk and the
 * API use, on the member's own contact alone.
 */
export const memberClassesContracts = {
  memberTimetable: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/classes',
    operationId: 'memberTimetable',
    summary: "This week's or next week's classes at the member's location, with spots left, the waitlist and the member's own state in each",
    tag,
    scopes: [],
    query: MemberTimetableQuery,
    responses: { 200: { description: 'The week', schema: MemberTimetable } },
  }),
  memberBookings: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/bookings',
    operationId: 'memberBookings',
    summary: "The member's upcoming classes: booked, checked in, waiting or offered, earliest first",
    tag,
    scopes: [],
    responses: { 200: { description: 'Upcoming classes', schema: MemberBookings } },
  }),
  memberBookClass: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/classes/:id/book',
    operationId: 'memberBookClass',
    summary: 'Book a spot in the class for the member (201; 200 when already booked)',
    tag,
    scopes: [],
    params: IdParams,
    body: NoBody,
    responses: { 200: { description: 'Already booked', schema: MemberClass }, 201: { description: 'Booked', schema: MemberClass } },
    errors: [...booking],
  }),
  memberCancelClass: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/classes/:id/cancel',
    operationId: 'memberCancelClass',
    summary: "Cancel the member's spot; says whether it was late and what that used up",
    tag,
    scopes: [],
    params: IdParams,
    body: NoBody,
    responses: { 200: { description: 'Cancelled', schema: MemberCancelResult } },
    errors: [...spot, 'booking_not_active'],
  }),
  memberJoinWaitlist: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/classes/:id/waitlist',
    operationId: 'memberJoinWaitlist',
    summary: "Put the member at the end of the class's waitlist",
    tag,
    scopes: [],
    params: IdParams,
    body: NoBody,
    responses: { 200: { description: 'On the waitlist (or booked at once when a spot was free)', schema: MemberClass } },
    errors: [...spot, 'class_cancelled', 'booking_rule'],
  }),
  memberLeaveWaitlist: defineContract({
    mount: 'member',
    method: 'DELETE',
    path: '/classes/:id/waitlist',
    operationId: 'memberLeaveWaitlist',
    summary: "Take the member off the class's waitlist (an open offer is declined and passed on)",
    tag,
    scopes: [],
    params: IdParams,
    responses: { 200: { description: 'Off the waitlist', schema: MemberClass } },
    errors: [...spot],
  }),
  memberOffer: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/offers/:id',
    operationId: 'memberOffer',
    summary: "One of the member's waitlist offers (the emailed link's screen): its class, deadline and status",
    tag,
    scopes: [],
    params: IdParams,
    responses: { 200: { description: 'The offer', schema: MemberOffer } },
    errors: ['resource_missing'],
  }),
  memberAcceptOffer: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/offers/:id/accept',
    operationId: 'memberAcceptOffer',
    summary: 'Take the spot a waitlist offer holds, before its deadline: the member is booked',
    tag,
    scopes: [],
    params: IdParams,
    body: NoBody,
    responses: { 200: { description: 'Booked', schema: MemberOffer } },
    errors: [...booking, 'offer_expired'],
  }),
  memberDeclineOffer: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/offers/:id/decline',
    operationId: 'memberDeclineOffer',
    summary: 'Decline a waitlist offer: the member leaves the waitlist and the spot goes to the next in line',
    tag,
    scopes: [],
    params: IdParams,
    body: NoBody,
    responses: { 200: { description: 'Declined', schema: MemberOffer } },
    errors: [...spot],
  }),
};
