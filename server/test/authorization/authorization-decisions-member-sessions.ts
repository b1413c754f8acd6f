import type { Decision } from './authorization-decisions.js';

const located = (ok: string) => ({ north: ok, south: '403 location_not_allowed', other: '404 resource_missing' });
const everyRole = (ok: string) => ({ owner: { north: ok, south: ok, other: '404 resource_missing' }, manager: located(ok), desk: located(ok) });

/** A member's sessions in the members' app, on the member's page (web/desk/member-app-sessions.ts): the member page's rule. */
export const memberSessionDecisions: Record<string, Decision> = {
  webMemberSessions: { request: (t) => ({ method: 'GET', url: `/app/api/members/${t.contact}/app-sessions` }), expected: everyRole('200') },
  webEndMemberSessions: { request: (t) => ({ method: 'POST', url: `/app/api/members/${t.contact}/app-sessions/end`, body: {} }), expected: everyRole('200') },
};
