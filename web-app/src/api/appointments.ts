import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentCalendar, CalendarBooking, OpenSlot, StaffSchedule } from '@studio/shared/schemas/appointments-web';
import { http } from './http.ts';

const calendarRoot = ['appointments'] as const;

/** A location's day (1) or week (7) from a local date; the last answer stays on screen while the next loads. */
export function useCalendar(locationId: string, date: string, days: number) {
  return useQuery({
    queryKey: [...calendarRoot, 'calendar', locationId, date, days],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => http.request<AppointmentCalendar>(`/appointments/calendar?${new URLSearchParams({ location_id: locationId, date, days: String(days) }).toString()}`, { signal }),
  });
}

/** Open slots of a service on a local date (GET /v1/availability's own answer), for one staff member or any. */
export function useOpenSlots(query: { locationId: string; serviceId: string; staffId: string; date: string } | null) {
  return useQuery({
    queryKey: [...calendarRoot, 'slots', query],
    enabled: query !== null && query.serviceId !== '' && query.date !== '',
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ location_id: query!.locationId, service_id: query!.serviceId, date: query!.date });
      if (query!.staffId) params.set('staff_id', query!.staffId);
      return http.request<{ data: OpenSlot[] }>(`/appointments/slots?${params.toString()}`, { signal });
    },
  });
}

export function useStaffSchedule(staffId: string, locationId: string) {
  return useQuery({
    queryKey: [...calendarRoot, 'schedule', staffId, locationId],
    enabled: staffId !== '',
    queryFn: ({ signal }) => http.request<StaffSchedule>(`/appointments/staff/${encodeURIComponent(staffId)}/schedule?location_id=${encodeURIComponent(locationId)}`, { signal }),
  });
}

/**
 * A change to bookings or schedules: never optimistic. The calendar, slots and schedules are asked
 * again once the server has answered, so the screen shows what the server holds.
 */
export function useAppointmentChange<TBody, TResult>(request: (body: TBody) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: calendarRoot }),
  });
}

export const appointmentRequests = {
  book: (body: { location_id: string; service_id: string; staff_id: string; contact_id: string; start: string }) =>
    http.request<CalendarBooking>('/appointments/bookings', { method: 'POST', body, idempotencyKey: crypto.randomUUID() }),
  reschedule: (id: string, start: string) => http.request<CalendarBooking>(`/appointments/bookings/${id}/reschedule`, { method: 'POST', body: { start } }),
  cancel: (id: string, reason: string) => http.request<CalendarBooking>(`/appointments/bookings/${id}/cancel`, { method: 'POST', body: reason.trim() ? { reason: reason.trim() } : {} }),
  outcome: (id: string, status: 'completed' | 'no_show') => http.request<CalendarBooking>(`/appointments/bookings/${id}/outcome`, { method: 'POST', body: { status } }),
  hours: (staffId: string, body: { location_id: string; hours: Record<string, { start: string; end: string }[]> }) =>
    http.request<StaffSchedule>(`/appointments/staff/${staffId}/hours`, { method: 'POST', body }),
  override: (staffId: string, body: { location_id: string; date: string; spans: { start: string; end: string }[] }) =>
    http.request<StaffSchedule>(`/appointments/staff/${staffId}/override`, { method: 'POST', body }),
  clearOverride: (staffId: string, body: { location_id: string; date: string }) => http.request<StaffSchedule>(`/appointments/staff/${staffId}/override/clear`, { method: 'POST', body }),
  addTimeOff: (staffId: string, body: { location_id: string; start: string; end: string; reason?: string }) =>
    http.request<StaffSchedule>(`/appointments/staff/${staffId}/time-off`, { method: 'POST', body }),
  removeTimeOff: (id: string, locationId: string) => http.request<StaffSchedule>(`/appointments/time-off/${id}/remove`, { method: 'POST', body: { location_id: locationId } }),
};
