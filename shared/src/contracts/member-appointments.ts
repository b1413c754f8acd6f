import { defineContract } from './contract.js';
import { IdParams } from '../schemas/common.js';
import {
  MemberAppointment,
  MemberAppointmentList,
  MemberBookAppointment,
  MemberCancelAppointment,
  MemberRescheduleAppointment,
  MemberServiceList,
  MemberSlotList,
  MemberSlotsQuery,
} from '../schemas/member-appointments.js';

const tag = 'Members app: appointments';

/**
 * A member's appointments at their app's location, below /m/api: the API's appointment services
 * acting for the member (server/src/web/member/), so the same rules, slots and refusals apply; the
 * contact is always the member's own.
 */
export const memberAppointmentsContracts = {
  memberListServices: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/services',
    operationId: 'memberListServices',
    summary: 'The appointment services a member may book at their location, by name',
    tag,
    scopes: [],
    responses: { 200: { description: 'Bookable services', schema: MemberServiceList } },
  }),
  memberListSlots: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/services/:id/slots',
    operationId: 'memberListSlots',
    summary: "A service's open slots: the answer GET /v1/availability gives for the same service and window",
    tag,
    scopes: [],
    params: IdParams,
    query: MemberSlotsQuery.omit({ service_id: true }),
    responses: { 200: { description: 'The free slots', schema: MemberSlotList } },
    errors: ['resource_missing', 'booking_rule'],
  }),
  memberListAppointments: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/appointments',
    operationId: 'memberListAppointments',
    summary: "The member's booked appointments from now on, earliest first",
    tag,
    scopes: [],
    responses: { 200: { description: 'Upcoming appointments', schema: MemberAppointmentList } },
  }),
  memberBookAppointment: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/appointments',
    operationId: 'memberBookAppointment',
    summary: 'Book an open slot for the member; a confirmation email is queued',
    tag,
    scopes: [],
    body: MemberBookAppointment,
    responses: { 201: { description: 'The appointment', schema: MemberAppointment } },
    errors: ['resource_missing', 'booking_conflict', 'booking_rule', 'csrf_failed'],
  }),
  memberRescheduleAppointment: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/appointments/:id/reschedule',
    operationId: 'memberRescheduleAppointment',
    summary: "Move one of the member's appointments to another open start, same technician",
    tag,
    scopes: [],
    params: IdParams,
    body: MemberRescheduleAppointment,
    responses: { 200: { description: 'The appointment at its new time', schema: MemberAppointment } },
    errors: ['resource_missing', 'booking_conflict', 'booking_rule', 'booking_not_active', 'csrf_failed'],
  }),
  memberCancelAppointment: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/appointments/:id/cancel',
    operationId: 'memberCancelAppointment',
    summary: "Cancel one of the member's appointments; inside the cancellation window it is marked late",
    tag,
    scopes: [],
    params: IdParams,
    body: MemberCancelAppointment,
    responses: { 200: { description: 'The cancelled appointment', schema: MemberAppointment } },
    errors: ['resource_missing', 'booking_not_active', 'csrf_failed'],
  }),
};
