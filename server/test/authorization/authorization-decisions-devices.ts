import { randomUUID } from 'node:crypto';
import type { Decision } from './authorization-decisions.js';
import { password } from '../web/web-studio.js';

/**
 * The Devices page (web/devices/routes.ts): every role reads the agents of the locations it works
 * at; device keys are minted as API keys are, by an owner anywhere or a manager at its locations.
 */
export const deviceDecisions: Record<string, Decision> = {
  webDevices: {
    request: (t) => ({ method: 'GET', url: `/app/api/devices?location_id=${t.location}` }),
    expected: {
      owner: { north: '200', south: '200', other: '404 resource_missing' },
      manager: { north: '200', south: '403 location_not_allowed', other: '404 resource_missing' },
      desk: { north: '200', south: '403 location_not_allowed', other: '404 resource_missing' },
    },
  },
  webCreateDeviceKey: {
    request: (t) => ({ method: 'POST', url: '/app/api/devices/keys', body: { password, location_id: t.location, device_id: `gate-${randomUUID()}`, kind: 'turnstile' } }),
    expected: {
      owner: { north: '201', south: '201', other: '404 resource_missing' },
      manager: { north: '201', south: '403 location_not_allowed', other: '403 location_not_allowed' },
      desk: '403 role_not_allowed',
    },
  },
};
