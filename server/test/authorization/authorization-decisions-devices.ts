import type { Decision } from './authorization-decisions.js';

/** The Devices page (web/devices/routes.ts): every role reads the agents of the locations it works at. */
export const deviceDecisions: Record<string, Decision> = {
  webDevices: {
    request: (t) => ({ method: 'GET', url: `/app/api/devices?location_id=${t.location}` }),
    expected: {
      owner: { north: '200', south: '200', other: '404 resource_missing' },
      manager: { north: '200', south: '403 location_not_allowed', other: '404 resource_missing' },
      desk: { north: '200', south: '403 location_not_allowed', other: '404 resource_missing' },
    },
  },
};
