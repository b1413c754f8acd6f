/** What each tag of the document groups (a route's `tag` must be one of these: linters want each described). */
export const tagDescriptions: Record<string, string> = {
  General: 'The key itself: who it belongs to and what it may do.',
  Catalog: 'Locations and the services they offer.',
  Contacts: 'The people a business knows: members, clients, guests.',
  'Stored value': 'Gift cards, membership plans and package templates.',
  Members: "Memberships held, and members at the door: resolve, check in, the offline eligibility feed, visits; a location's visits and refused check-ins.",
  Appointments: 'Free slots, and bookings with a technician.',
  Classes: 'Scheduled classes, their rosters, booking, cancelling and checking in.',
  Events: 'What changed, as webhooks deliver it: bookings, contacts, memberships, check-ins and classes (an extension).',
};
