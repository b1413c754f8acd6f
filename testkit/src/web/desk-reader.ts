import type { AgentConfig } from '@studio/agent/src/config/schema.js';

/**
 * ONE PLACE for how an agent's reader is set up for enrolment at the front desk (issue 17: "an
 * agent at the desk (a reader configured for enrolment) reports unknown cards"): the reader is
 * listed in `desk.readers` and in no lane, and the agent posts its reads to `POST /v1/desk-scans`
 * {location_id, device_id, identifier}. Should that config change, change it here only.
 */
export const deskReaderId = 'desk-reader';

export function deskReaderConfig(): Pick<AgentConfig, 'devices' | 'lanes' | 'desk'> {
  const reader = { id: deskReaderId, driver: 'stdin' as const, debounce_ms: 0 };
  return { devices: { readers: [reader], relays: [], sensors: [] }, lanes: [], desk: { readers: [deskReaderId] } };
}
