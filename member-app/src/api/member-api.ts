/** Signing in and the member's sessions, over their contracts (call.ts). */
import { memberAuthContracts as contracts } from '@studio/shared/contracts/member-auth';
import type { ContractResult } from '@studio/shared/contracts/contract';
import { call, MemberApiError, rememberCsrfToken } from './call.ts';

export { MemberApiError };
export type Member = ContractResult<typeof contracts.memberMe>;
export type MemberSession = ContractResult<typeof contracts.memberListSessions>['data'][number];

function remember(member: Member): Member {
  rememberCsrfToken(member.csrf_token);
  return member;
}

export const memberApi = {
  /** The signed-in member, or null when signed out. */
  async me(): Promise<Member | null> {
    try {
      return remember(await call(contracts.memberMe));
    } catch (error) {
      if (error instanceof MemberApiError && error.status === 401) return null;
      throw error;
    }
  },
  requestCode: (email: string, location: string) => call(contracts.memberRequestSignInCode, { body: { email, location } }),
  signInWithCode: async (email: string, code: string) => remember(await call(contracts.memberSignIn, { body: { email, code } })),
  signInWithLink: async (secret: string) => remember(await call(contracts.memberSignIn, { body: { link_secret: secret } })),
  sessions: async () => (await call(contracts.memberListSessions)).data,
  endSession: (id: string) => call(contracts.memberEndSession, { params: { id } }),
  async signOut(): Promise<void> {
    await call(contracts.memberSignOut);
    rememberCsrfToken(null);
  },
};
