import type { Decision } from './authorization-decisions.js';

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
};
