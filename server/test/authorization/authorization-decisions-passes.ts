import type { Decision } from './authorization-decisions.js';

const located = (ok: string) => ({ north: ok, south: '403 location_not_allowed', other: '404 resource_missing' });
const everyRole = (ok: string) => ({ owner: { north: ok, south: ok, other: '404 resource_missing' }, manager: located(ok), desk: located(ok) });

/** Rotating a location's phone-pass key (web/passes/routes.ts): an owner anywhere, a manager at its locations, never the front desk. */
export const passDecisions: Record<string, Decision> = {
  webRotatePassKeys: {
    request: (t) => ({ method: 'POST', url: '/app/api/passes/rotate', body: { location_id: t.location } }),
    expected: {
      owner: { north: '200', south: '200', other: '404 resource_missing' },
      manager: { north: '200', south: '403 location_not_allowed', other: '404 resource_missing' },
      desk: '403 role_not_allowed',
    },
  },
  // A member's pass on the member's page (web/passes/routes.ts): the member page's rule, the front desk too.
  webMemberPass: { request: (t) => ({ method: 'GET', url: `/app/api/members/${t.contact}/pass` }), expected: everyRole('200') },
  webRevokeMemberPass: { request: (t) => ({ method: 'POST', url: `/app/api/members/${t.contact}/pass/revoke`, body: {} }), expected: everyRole('200') },
  // The matrix's member has no email: the reach is checked first, then the missing address.
  webSendMemberPass: { request: (t) => ({ method: 'POST', url: `/app/api/members/${t.contact}/pass/send`, body: {} }), expected: everyRole('400 missing_field') },
};
