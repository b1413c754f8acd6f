import type { Decision } from './authorization-decisions.js';
import { bookedClassAt, classAt, classServiceAt, dayAfterClock, dropInAt, seriesAt, waitlistAt } from './class-matrix-data.js';

const located = (ok: string) => ({ north: ok, south: '403 location_not_allowed', other: '404 resource_missing' });
const everyRole = (ok: string) => ({ owner: { north: ok, south: ok, other: '404 resource_missing' }, manager: located(ok), desk: located(ok) });
/** The timetable is an owner's or a manager's: the front desk is refused by role wherever it asks. */
const timetable = (ok: string) => ({ owner: { north: ok, south: ok, other: '404 resource_missing' }, manager: located(ok), desk: '403 role_not_allowed' });

/** The class screens' routes (web/classes/routes.ts); each request makes the service, class, series or waitlist it acts on. */
export const classDecisions: Record<string, Decision> = {
  webClassWeek: { request: (t) => ({ method: 'GET', url: `/app/api/classes/week?location_id=${t.location}` }), expected: everyRole('200') },
  webClassOptions: { request: (t) => ({ method: 'GET', url: `/app/api/classes/options?location_id=${t.location}` }), expected: everyRole('200') },
  webListSeries: { request: (t) => ({ method: 'GET', url: `/app/api/classes/series?location_id=${t.location}` }), expected: everyRole('200') },
  webCreateSeries: {
    request: async (t, db) => ({
      method: 'POST',
      url: '/app/api/classes/series',
      body: { location_id: t.location, service_id: await classServiceAt(db, t), weekdays: [2, 4], start_time: '07:00', capacity: 10, starts_on: dayAfterClock(t, 1), ends_on: dayAfterClock(t, 30) },
    }),
    expected: timetable('201'),
  },
  webUpdateSeries: { request: async (t, db) => ({ method: 'PATCH', url: `/app/api/classes/series/${await seriesAt(db, t)}`, body: { capacity: 12 } }), expected: timetable('200') },
  webEndSeries: { request: async (t, db) => ({ method: 'POST', url: `/app/api/classes/series/${await seriesAt(db, t)}/end`, body: { from: dayAfterClock(t, 14) } }), expected: timetable('200') },
  webExtendSeries: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/classes/series/${await seriesAt(db, t)}/extend`, body: { ends_on: dayAfterClock(t, 60) } }),
    expected: timetable('200'),
  },
  webCreateClass: {
    request: async (t, db) => ({
      method: 'POST',
      url: '/app/api/classes',
      body: { location_id: t.location, service_id: await classServiceAt(db, t), start: `${dayAfterClock(t, 3)}T10:00`, capacity: 6 },
    }),
    expected: timetable('201'),
  },
  webClassPage: { request: async (t, db) => ({ method: 'GET', url: `/app/api/classes/${await classAt(db, t)}` }), expected: everyRole('200') },
  webUpdateClass: { request: async (t, db) => ({ method: 'PATCH', url: `/app/api/classes/${await classAt(db, t)}`, body: { capacity: 9 } }), expected: timetable('200') },
  webCancelClass: { request: async (t, db) => ({ method: 'POST', url: `/app/api/classes/${await bookedClassAt(db, t)}/cancel` }), expected: timetable('200') },
  webRestoreClass: { request: async (t, db) => ({ method: 'POST', url: `/app/api/classes/${await classAt(db, t)}/restore` }), expected: timetable('200') },
  webBookClassSpot: { request: async (t, db) => ({ method: 'POST', url: `/app/api/classes/${await classAt(db, t)}/book`, body: { contact_id: t.contact } }), expected: everyRole('201') },
  webCancelClassSpot: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/classes/${await bookedClassAt(db, t)}/cancel-spot`, body: { contact_id: t.contact } }),
    expected: everyRole('200'),
  },
  // Excusing a late cancellation gives up a credit: the front desk is refused by role wherever it asks.
  'webCancelClassSpot with excuse': {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/classes/${await bookedClassAt(db, t, 60)}/cancel-spot`, body: { contact_id: t.contact, excuse: true } }),
    expected: { owner: { north: '200', south: '200', other: '404 resource_missing' }, manager: located('200'), desk: '403 role_not_allowed' },
  },
  webClassCheckIn: {
    request: async (t, db) => {
      const contact = await dropInAt(db, t);
      return { method: 'POST', url: `/app/api/classes/${await bookedClassAt(db, t, 10, contact)}/check-in`, body: { contact_id: contact } };
    },
    expected: everyRole('200'),
  },
  webAddToWaitlist: {
    request: async (t, db) => {
      const full = await bookedClassAt(db, t);
      return { method: 'POST', url: `/app/api/classes/${full}/waitlist`, body: { contact_id: t.contact } };
    },
    // The contact holds the class's spot already: the waitlist refuses them, after the same location rule.
    expected: everyRole('422 booking_rule'),
  },
  webMoveWaitlistEntry: {
    request: async (t, db) => {
      const { cls, entry } = await waitlistAt(db, t);
      return { method: 'POST', url: `/app/api/classes/${cls}/waitlist/${entry}/move`, body: { direction: 'down' } };
    },
    expected: everyRole('200'),
  },
};
