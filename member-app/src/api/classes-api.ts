/** The member's classes, over their contracts (call.ts): the timetable, bookings, the waitlist and its offers. */
import { memberClassesContracts as contracts } from '@studio/shared/contracts/member-classes';
import type { ContractResult } from '@studio/shared/contracts/contract';
import { call } from './call.ts';

export type MemberTimetable = ContractResult<typeof contracts.memberTimetable>;
export type MemberClass = MemberTimetable['classes'][number];
export type CancelResult = ContractResult<typeof contracts.memberCancelClass>;
export type MemberOffer = ContractResult<typeof contracts.memberOffer>;
export type Week = 'this' | 'next';

export const classesApi = {
  timetable: (week: Week, filters: { service_id?: string; instructor_id?: string }) => call(contracts.memberTimetable, { query: { week, ...filters } }),
  bookings: async () => (await call(contracts.memberBookings)).data,
  book: (id: string) => call(contracts.memberBookClass, { params: { id }, body: {} }),
  cancel: (id: string) => call(contracts.memberCancelClass, { params: { id }, body: {} }),
  joinWaitlist: (id: string) => call(contracts.memberJoinWaitlist, { params: { id }, body: {} }),
  leaveWaitlist: (id: string) => call(contracts.memberLeaveWaitlist, { params: { id } }),
  offer: (id: string) => call(contracts.memberOffer, { params: { id } }),
  acceptOffer: (id: string) => call(contracts.memberAcceptOffer, { params: { id }, body: {} }),
  declineOffer: (id: string) => call(contracts.memberDeclineOffer, { params: { id }, body: {} }),
};
