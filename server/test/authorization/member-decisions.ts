/**
 * Every route of the members' app (/m/api) by operationId, and who it answers how: the member
 * signed in (nina at north), a staff member's session cookie (the owner's), and nobody. Targets of
 * a route that names a session: another device of the same member (`own`), another member of the
 * business (`otherMember`), a member of another business (`otherCompany`). A member reaches its own
 * contact only: another member's session is not found, as one that never was.
 */
export type MemberCaller = 'member' | 'staff' | 'none';
export type MemberPlace = 'own' | 'otherMember' | 'otherCompany';

export interface MemberDecision {
  request(target: { session: string; companyId: string }): { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown };
  expected: Record<MemberCaller, Record<MemberPlace, string> | string>;
  /** It ends the session it is sent with: the matrix opens a new one after it. */
  endsSession?: boolean;
}

/** An id no record has. */
const nobody = '00000000-0000-4000-8000-000000000000';

const signedIn = (ok: string) => ({ member: ok, staff: '401 invalid_session', none: '401 invalid_session' });

/** An id nobody has: a member's class routes answer for their own records alone (server/test/member-classes/ checks another member's). */
const nobodys = '00000000-0000-4000-8000-00000000d1e0';
const notFound = { member: '404 resource_missing', staff: '401 invalid_session', none: '401 invalid_session' };

export const memberDecisions: Record<string, MemberDecision> = {
  // Signed out: the same answer whoever asks, whatever cookie comes with it.
  memberAppLocation: { request: (t) => ({ method: 'GET', path: `/location?location=north&company_id=${t.companyId}` }), expected: { member: '200', staff: '200', none: '200' } },
  memberAppManifest: { request: (t) => ({ method: 'GET', path: `/manifest?location=north&company_id=${t.companyId}` }), expected: { member: '200', staff: '200', none: '200' } },
  memberRequestSignInCode: {
    request: (t) => ({ method: 'POST', path: '/sign-in/code', body: { email: 'nobody@example.com', location: 'north', company_id: t.companyId } }),
    expected: { member: '202', staff: '202', none: '202' },
  },
  memberSignIn: {
    request: () => ({ method: 'POST', path: '/sign-in', body: { link_secret: 'not-a-link-secret-of-anybody-at-all' } }),
    expected: { member: '401 sign_in_code_invalid', staff: '401 sign_in_code_invalid', none: '401 sign_in_code_invalid' },
    // A sign-in ends the cookie it was sent with, so a planted one is never promoted.
    endsSession: true,
  },
  memberMe: { request: () => ({ method: 'GET', path: '/me' }), expected: signedIn('200') },
  memberListSessions: { request: () => ({ method: 'GET', path: '/sessions' }), expected: signedIn('200') },
  memberEndSession: {
    request: (t) => ({ method: 'DELETE', path: `/sessions/${t.session}` }),
    expected: {
      member: { own: '204', otherMember: '404 resource_missing', otherCompany: '404 resource_missing' },
      staff: '401 invalid_session',
      none: '401 invalid_session',
    },
  },
  // The member's own pass key only: the route names no one, the session is the member.
  memberOpenPass: { request: () => ({ method: 'POST', path: '/pass' }), expected: signedIn('200') },
  memberPreferences: { request: () => ({ method: 'GET', path: '/preferences' }), expected: signedIn('200') },
  memberUpdatePreferences: { request: () => ({ method: 'PATCH', path: '/preferences', body: { class_reminders: true } }), expected: signedIn('200') },
  memberSignOut: { request: () => ({ method: 'POST', path: '/sign-out' }), expected: signedIn('204'), endsSession: true },
  memberTimetable: { request: () => ({ method: 'GET', path: '/classes?week=next' }), expected: signedIn('200') },
  memberBookings: { request: () => ({ method: 'GET', path: '/bookings' }), expected: signedIn('200') },
  memberBookClass: { request: () => ({ method: 'POST', path: `/classes/${nobodys}/book` }), expected: notFound },
  memberCancelClass: { request: () => ({ method: 'POST', path: `/classes/${nobodys}/cancel` }), expected: notFound },
  memberJoinWaitlist: { request: () => ({ method: 'POST', path: `/classes/${nobodys}/waitlist` }), expected: notFound },
  memberLeaveWaitlist: { request: () => ({ method: 'DELETE', path: `/classes/${nobodys}/waitlist` }), expected: notFound },
  memberOffer: { request: () => ({ method: 'GET', path: `/offers/${nobodys}` }), expected: notFound },
  memberAcceptOffer: { request: () => ({ method: 'POST', path: `/offers/${nobodys}/accept` }), expected: notFound },
  memberDeclineOffer: { request: () => ({ method: 'POST', path: `/offers/${nobodys}/decline` }), expected: notFound },
  // Appointments and what a member reads of their own (member-own-records.test.ts names real bookings of
  // another member): an id nobody has is not found, as another member's booking is.
  memberListServices: { request: () => ({ method: 'GET', path: '/services' }), expected: signedIn('200') },
  memberListSlots: { request: () => ({ method: 'GET', path: `/services/${nobody}/slots` }), expected: signedIn('404 resource_missing') },
  memberListAppointments: { request: () => ({ method: 'GET', path: '/appointments' }), expected: signedIn('200') },
  memberBookAppointment: {
    request: () => ({ method: 'POST', path: '/appointments', body: { service_id: nobody, start: '2030-01-07T10:00:00Z' } }),
    expected: signedIn('404 resource_missing'),
  },
  memberRescheduleAppointment: {
    request: () => ({ method: 'POST', path: `/appointments/${nobody}/reschedule`, body: { start: '2030-01-07T10:00:00Z' } }),
    expected: signedIn('404 resource_missing'),
  },
  memberCancelAppointment: { request: () => ({ method: 'POST', path: `/appointments/${nobody}/cancel`, body: {} }), expected: signedIn('404 resource_missing') },
  memberMemberships: { request: () => ({ method: 'GET', path: '/memberships' }), expected: signedIn('200') },
  memberVisits: { request: () => ({ method: 'GET', path: '/visits' }), expected: signedIn('200') },
  memberBookingCalendar: { request: () => ({ method: 'GET', path: `/calendar/appointment/${nobody}` }), expected: signedIn('404 resource_missing') },
  memberCalendarFeed: { request: () => ({ method: 'GET', path: '/calendar-feed' }), expected: signedIn('200') },
  memberRenewCalendarFeed: { request: () => ({ method: 'POST', path: '/calendar-feed' }), expected: signedIn('200') },
  memberRevokeCalendarFeed: { request: () => ({ method: 'DELETE', path: '/calendar-feed' }), expected: signedIn('204') },
  // Read by calendar apps without a cookie: the token alone decides, whatever cookie comes with it
  // (calendar-feed.test.ts follows a real token through renewal).
  memberCalendarFeedByToken: {
    request: () => ({ method: 'GET', path: '/calendar-feed/not-a-token-of-anybody-at-all.ics' }),
    expected: { member: '404 resource_missing', staff: '404 resource_missing', none: '404 resource_missing' },
  },
};
