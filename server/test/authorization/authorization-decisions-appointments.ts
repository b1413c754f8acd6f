import type { Decision } from './authorization-decisions.js';
import { appointmentSetupAt, bookingAt, timeOffAt } from './appointments-matrix-data.js';

/**
 * The appointments calendar's routes (web/appointments/routes.ts). Every role views the calendar
 * and books, moves, cancels and marks bookings at its locations, by the API's location rule (the
 * owner anywhere in its company; the manager and the front desk of north at north only; another
 * company's row not found). Staff hours, overrides and time off are an owner's or a manager's:
 * the front desk is refused by role wherever it asks.
 */
const located = (ok: string) => ({ north: ok, south: '403 location_not_allowed', other: '404 resource_missing' });
const everyRole = (ok: string) => ({ owner: { north: ok, south: ok, other: '404 resource_missing' }, manager: located(ok), desk: located(ok) });
const editors = (ok: string) => ({ owner: { north: ok, south: ok, other: '404 resource_missing' }, manager: located(ok), desk: '403 role_not_allowed' });

/** 2 June 2026 (the app's clock is 1 June, 09:00 UTC): within the notice and the horizon. */
const tomorrow = '2026-06-02';

export const appointmentDecisions: Record<string, Decision> = {
  webAppointmentCalendar: { request: (t) => ({ method: 'GET', url: `/app/api/appointments/calendar?location_id=${t.location}&date=${tomorrow}&days=7` }), expected: everyRole('200') },
  webOpenSlots: {
    request: async (t, db) => {
      const { serviceId } = await appointmentSetupAt(db, t);
      return { method: 'GET', url: `/app/api/appointments/slots?location_id=${t.location}&service_id=${serviceId}&date=${tomorrow}` };
    },
    expected: everyRole('200'),
  },
  webBookAppointment: {
    request: async (t, db) => {
      const { staffId, serviceId } = await appointmentSetupAt(db, t);
      return {
        method: 'POST',
        url: '/app/api/appointments/bookings',
        body: { location_id: t.location, service_id: serviceId, staff_id: staffId, contact_id: t.contact, start: `${tomorrow}T10:00:00Z` },
      };
    },
    expected: everyRole('201'),
  },
  webRescheduleAppointment: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/appointments/bookings/${await bookingAt(db, t, 26)}/reschedule`, body: { start: '2026-06-02T13:00:00Z' } }),
    expected: everyRole('200'),
  },
  webCancelAppointment: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/appointments/bookings/${await bookingAt(db, t, 26)}/cancel`, body: { reason: 'asked by phone' } }),
    expected: everyRole('200'),
  },
  webSetAppointmentOutcome: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/appointments/bookings/${await bookingAt(db, t, -1)}/outcome`, body: { status: 'completed' } }),
    expected: everyRole('200'),
  },
  webStaffSchedule: {
    request: async (t, db) => ({ method: 'GET', url: `/app/api/appointments/staff/${(await appointmentSetupAt(db, t)).staffId}/schedule?location_id=${t.location}` }),
    expected: everyRole('200'),
  },
  webSetStaffHours: {
    request: async (t, db) => ({
      method: 'POST',
      url: `/app/api/appointments/staff/${(await appointmentSetupAt(db, t)).staffId}/hours`,
      body: { location_id: t.location, hours: { monday: [{ start: '09:00', end: '17:00' }] } },
    }),
    expected: editors('200'),
  },
  webSetStaffOverride: {
    request: async (t, db) => ({
      method: 'POST',
      url: `/app/api/appointments/staff/${(await appointmentSetupAt(db, t)).staffId}/override`,
      body: { location_id: t.location, date: tomorrow, spans: [] },
    }),
    expected: editors('200'),
  },
  webClearStaffOverride: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/appointments/staff/${(await appointmentSetupAt(db, t)).staffId}/override/clear`, body: { location_id: t.location, date: tomorrow } }),
    expected: editors('200'),
  },
  webAddStaffTimeOff: {
    request: async (t, db) => ({
      method: 'POST',
      url: `/app/api/appointments/staff/${(await appointmentSetupAt(db, t)).staffId}/time-off`,
      body: { location_id: t.location, start: '2026-07-01T00:00:00Z', end: '2026-07-03T00:00:00Z', reason: 'Holiday' },
    }),
    expected: editors('201'),
  },
  webRemoveStaffTimeOff: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/appointments/time-off/${await timeOffAt(db, t)}/remove`, body: { location_id: t.location } }),
    expected: editors('200'),
  },
};
