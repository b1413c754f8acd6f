import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { webAppointmentsContracts } from '@studio/shared/contracts/web-appointments';
import { call, invalidateContracts, useContractQuery, type BodyOf as Body } from './call.ts';

/** What the calendar, slots and schedules are read with: asked again after any change. */
const appointmentReads = [webAppointmentsContracts.webAppointmentCalendar, webAppointmentsContracts.webOpenSlots, webAppointmentsContracts.webStaffSchedule];

/** A location's day (1) or week (7) from a local date; the last answer stays on screen while the next loads. */
export function useCalendar(locationId: string, date: string, days: number) {
  return useContractQuery(webAppointmentsContracts.webAppointmentCalendar, { query: { location_id: locationId, date, days } }, { placeholderData: keepPreviousData });
}

/** Open slots of a service on a local date (GET /v1/availability's own answer), for one staff member or any. */
export function useOpenSlots(query: { locationId: string; serviceId: string; staffId: string; date: string } | null) {
  return useContractQuery(
    webAppointmentsContracts.webOpenSlots,
    {
      query: query
        ? { location_id: query.locationId, service_id: query.serviceId, date: query.date, ...(query.staffId ? { staff_id: query.staffId } : {}) }
        : { location_id: '', service_id: '', date: '' },
    },
    { enabled: query !== null && query.serviceId !== '' && query.date !== '' },
  );
}

export function useStaffSchedule(staffId: string, locationId: string) {
  return useContractQuery(webAppointmentsContracts.webStaffSchedule, { params: { id: staffId }, query: { location_id: locationId } }, { enabled: staffId !== '' });
}

/**
 * A change to bookings or schedules: never optimistic. The calendar, slots and schedules are asked
 * again once the server has answered, so the screen shows what the server holds.
 */
export function useAppointmentChange<TBody, TResult>(request: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => invalidateContracts(client, appointmentReads),
  });
}

export const appointmentRequests = {
  book: (body: Body<'webBookAppointment'>) => call(webAppointmentsContracts.webBookAppointment, { body, idempotencyKey: crypto.randomUUID() }),
  reschedule: (id: string, start: string) => call(webAppointmentsContracts.webRescheduleAppointment, { params: { id }, body: { start } }),
  cancel: (id: string, reason: string) => call(webAppointmentsContracts.webCancelAppointment, { params: { id }, body: reason.trim() ? { reason: reason.trim() } : {} }),
  outcome: (id: string, status: Body<'webSetAppointmentOutcome'>['status']) => call(webAppointmentsContracts.webSetAppointmentOutcome, { params: { id }, body: { status } }),
  hours: (staffId: string, body: Body<'webSetStaffHours'>) => call(webAppointmentsContracts.webSetStaffHours, { params: { id: staffId }, body }),
  override: (staffId: string, body: Body<'webSetStaffOverride'>) => call(webAppointmentsContracts.webSetStaffOverride, { params: { id: staffId }, body }),
  clearOverride: (staffId: string, body: Body<'webClearStaffOverride'>) => call(webAppointmentsContracts.webClearStaffOverride, { params: { id: staffId }, body }),
  addTimeOff: (staffId: string, body: Body<'webAddStaffTimeOff'>) => call(webAppointmentsContracts.webAddStaffTimeOff, { params: { id: staffId }, body }),
  removeTimeOff: (id: string, locationId: string) => call(webAppointmentsContracts.webRemoveStaffTimeOff, { params: { id }, body: { location_id: locationId } }),
};
