/** The member's own email choices, over their contracts (call.ts). */
import { memberPreferencesContracts as contracts } from '@studio/shared/contracts/member-preferences';
import { call } from './call.ts';

export const preferencesApi = {
  read: () => call(contracts.memberPreferences),
  setClassReminders: (on: boolean) => call(contracts.memberUpdatePreferences, { body: { class_reminders: on } }),
};
