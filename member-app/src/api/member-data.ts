/** The member's appointments, membership, visits and calendar, over their contracts (call.ts). */
import { memberAccountDataContracts as own } from '@studio/shared/contracts/member-account-data';
import { memberAppointmentsContracts as appointments } from '@studio/shared/contracts/member-appointments';
import type { ContractResult } from '@studio/shared/contracts/contract';
import { call } from './call.ts';

export type Service = ContractResult<typeof appointments.memberListServices>['data'][number];
export type Slot = ContractResult<typeof appointments.memberListSlots>['data'][number];
export type Appointment = ContractResult<typeof appointments.memberListAppointments>['data'][number];
export type Membership = ContractResult<typeof own.memberMemberships>['data'][number];
export type Visit = ContractResult<typeof own.memberVisits>['data'][number];
export type CalendarFeed = ContractResult<typeof own.memberCalendarFeed>;

/** The address of one booking's .ics file: a plain link, read with the session cookie. */
export const bookingCalendarHref = (kind: 'appointment' | 'class', id: string) => `/m/api/calendar/${kind}/${id}`;

/** The date after a YYYY-MM-DD date. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export const memberData = {
  services: async () => (await call(appointments.memberListServices)).data,
  /** The open slots of a local day at the location: from its midnight there to the next day's. */
  slots: async (serviceId: string, day: string) => (await call(appointments.memberListSlots, { params: { id: serviceId }, query: { from: day, to: nextDay(day) } })).data,
  appointments: async () => (await call(appointments.memberListAppointments)).data,
  book: (slot: Slot) => call(appointments.memberBookAppointment, { body: { service_id: slot.service_id, start: slot.start, technician_id: slot.technician_id } }),
  reschedule: (id: string, start: string) => call(appointments.memberRescheduleAppointment, { params: { id }, body: { start } }),
  cancel: (id: string) => call(appointments.memberCancelAppointment, { params: { id }, body: {} }),
  memberships: async () => (await call(own.memberMemberships)).data,
  visits: async () => (await call(own.memberVisits)).data,
  calendarFeed: () => call(own.memberCalendarFeed),
  renewCalendarFeed: () => call(own.memberRenewCalendarFeed),
};
