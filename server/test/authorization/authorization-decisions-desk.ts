import type { Decision } from './authorization-decisions.js';
import { cardAt, freshUid, keyAt, membershipAt, scanAt } from './desk-matrix-data.js';
import { password } from '../web/web-studio.js';

/**
 * The location rule of the API, as every desk route answers it: the owner anywhere in its company;
 * the manager and the front desk of north at north only (403 location_not_allowed at south); a row
 * of another company is not found (404 resource_missing), never refused, so its existence leaks not.
 */
const located = (ok: string) => ({ north: ok, south: '403 location_not_allowed', other: '404 resource_missing' });
const everyRole = (ok: string) => ({ owner: { north: ok, south: ok, other: '404 resource_missing' }, manager: located(ok), desk: located(ok) });

/** The desk's routes (web/desk/routes.ts); each request makes the scan, membership, card or key it acts on. */
export const deskDecisions: Record<string, Decision> = {
  webToday: { request: (t) => ({ method: 'GET', url: `/app/api/today?location_id=${t.location}` }), expected: everyRole('200') },
  webDeskScans: { request: (t) => ({ method: 'GET', url: `/app/api/desk-scans?location_id=${t.location}` }), expected: everyRole('200') },
  webEnrolDeskScan: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/desk-scans/${await scanAt(db, t)}/enrol`, body: { membership_id: await membershipAt(db, t) } }),
    expected: everyRole('201'),
  },
  webEnrolTypedCard: {
    request: async (t, db) => ({ method: 'POST', url: '/app/api/cards', body: { membership_id: await membershipAt(db, t), uid: freshUid() } }),
    expected: everyRole('201'),
  },
  webRevokeCard: { request: async (t, db) => ({ method: 'POST', url: `/app/api/cards/${await cardAt(db, t)}/revoke` }), expected: everyRole('200') },
  webSearchMembers: { request: (t) => ({ method: 'GET', url: `/app/api/members?search=a&location_id=${t.location}` }), expected: everyRole('200') },
  webMemberProfile: { request: (t) => ({ method: 'GET', url: `/app/api/members/${t.contact}` }), expected: everyRole('200') },
  webMemberMessages: { request: (t) => ({ method: 'GET', url: `/app/api/members/${t.contact}/messages` }), expected: everyRole('200') },
  webSetMembershipStatus: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/memberships/${await membershipAt(db, t)}/status`, body: { status: 'paused' } }),
    expected: everyRole('200'),
  },
  webSetFormSigned: { request: (t) => ({ method: 'POST', url: `/app/api/contacts/${t.contact}/form-signed`, body: { signed: true } }), expected: everyRole('200') },
  // confirm_again: each role checks the same member in, minutes apart; the rights are what is decided here.
  webDeskCheckIn: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/members/${t.contact}/check-in`, body: { location_id: t.location, membership_id: await membershipAt(db, t), confirm_again: true } }),
    expected: everyRole('201'),
  },
  // Letting a refused member in is the owner's or a manager's call: the front desk is refused by role wherever it asks.
  'webDeskCheckIn with override': {
    request: async (t, db) => ({
      method: 'POST',
      url: `/app/api/members/${t.contact}/check-in`,
      body: { location_id: t.location, membership_id: await membershipAt(db, t, 'past_due'), override_reason: 'paid cash at the desk', confirm_again: true },
    }),
    expected: { owner: { north: '201', south: '201', other: '404 resource_missing' }, manager: located('201'), desk: '403 role_not_allowed' },
  },
  webCheckinOverrides: { request: (t) => ({ method: 'GET', url: `/app/api/checkin-overrides?location_id=${t.location}` }), expected: everyRole('200') },
  // API keys: an owner any key of its company; a manager keys limited to its locations; the front desk none.
  webListKeys: { request: () => ({ method: 'GET', url: '/app/api/keys' }), expected: { owner: '200', manager: '200', desk: '403 role_not_allowed' } },
  webCreateKey: {
    request: (t) => ({ method: 'POST', url: '/app/api/keys', body: { password, name: 'Door', scopes: ['checkin:members'], location_ids: [t.location] } }),
    expected: {
      owner: { north: '201', south: '201', other: '404 resource_missing' },
      manager: { north: '201', south: '403 location_not_allowed', other: '403 location_not_allowed' },
      desk: '403 role_not_allowed',
    },
  },
  webRevokeKey: {
    request: async (t, db) => ({ method: 'POST', url: `/app/api/keys/${await keyAt(db, t)}/revoke`, body: { password } }),
    expected: { owner: { north: '200', south: '200', other: '404 resource_missing' }, manager: located('200'), desk: '403 role_not_allowed' },
  },
};
