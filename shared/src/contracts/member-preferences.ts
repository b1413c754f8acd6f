import { MemberPreferences, MemberPreferencesUpdate } from '../schemas/member-preferences.js';
import { defineContract } from './contract.js';

const tag = 'Members app: preferences';

/**
 * The signed-in member's own email choices, below /m/api: class reminders on or off. Transactional
 * emails (sign-in codes, booking news) have no choice: they are always sent.
 */
export const memberPreferencesContracts = {
  memberPreferences: defineContract({
    mount: 'member',
    method: 'GET',
    path: '/preferences',
    operationId: 'memberPreferences',
    summary: "The member's email choices: class reminders on or off",
    tag,
    scopes: [],
    responses: { 200: { description: 'The choices', schema: MemberPreferences } },
  }),
  memberUpdatePreferences: defineContract({
    mount: 'member',
    method: 'PATCH',
    path: '/preferences',
    operationId: 'memberUpdatePreferences',
    summary: "Turn the member's class reminders on or off",
    tag,
    scopes: [],
    body: MemberPreferencesUpdate,
    responses: { 200: { description: 'The choices now', schema: MemberPreferences } },
    errors: ['invalid_param', 'csrf_failed'],
  }),
};
