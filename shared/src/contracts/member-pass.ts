import { defineContract } from './contract.js';
import { MemberPass } from '../schemas/member-pass.js';

/** The members' app's phone pass, below /m/api with a member session (server/src/web/member/pass-routes.ts). */
export const memberPassContracts = {
  memberOpenPass: defineContract({
    mount: 'member',
    method: 'POST',
    path: '/pass',
    operationId: 'memberOpenPass',
    summary:
      "The signed-in member's phone-pass key at the app's location (K_member), to keep on the phone: the app computes a new code from it every 30 seconds, offline too. The first call makes the member a pass holder, so the doors know them even with no card",
    tag: 'Members app: pass',
    scopes: [],
    responses: { 200: { description: "The member's key", schema: MemberPass } },
    errors: ['csrf_failed'],
  }),
};
