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

const signedIn = (ok: string) => ({ member: ok, staff: '401 invalid_session', none: '401 invalid_session' });

export const memberDecisions: Record<string, MemberDecision> = {
  // Signed out: the same answer whoever asks, whatever cookie comes with it.
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
  memberPreferences: { request: () => ({ method: 'GET', path: '/preferences' }), expected: signedIn('200') },
  memberUpdatePreferences: { request: () => ({ method: 'PATCH', path: '/preferences', body: { class_reminders: true } }), expected: signedIn('200') },
  memberSignOut: { request: () => ({ method: 'POST', path: '/sign-out' }), expected: signedIn('204'), endsSession: true },
};
