import type { Decision } from './authorization-decisions.js';

/** How this box sends members' emails, on the settings page (web/message-settings-route.ts): owners and managers, as setup. */
export const messageSettingsDecisions: Record<string, Decision> = {
  webMessageSettings: { request: () => ({ method: 'GET', url: '/app/api/messages/settings' }), expected: { owner: '200', manager: '200', desk: '403 role_not_allowed' } },
};
