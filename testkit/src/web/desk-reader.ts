import type { AgentConfig } from '@studio/agent/src/config/schema.js';

/**
 * ONE PLACE for how an agent's reader is configured for enrolment at the front desk (issue 17:
 * "an agent at the desk (a reader configured for enrolment) reports unknown cards", which the agent
 * posts to `POST /v1/desk-scans` {location_id, device_id, identifier}). Written against the contract
 * before the agent's side landed: the reader entry carries `role: "enrol"` and is in no lane. If the
 * agent settles on another shape (a `desk` section, another flag), change it here only.
 */
export const deskReaderId = 'desk-reader';

/** The scopes the desk agent's key needs to post its scans. */
export const deskAgentScopes = ['checkin:members'];

export function deskReaderConfig(): Pick<AgentConfig, 'devices' | 'lanes'> {
  const reader = { id: deskReaderId, driver: 'stdin', debounce_ms: 0, role: 'enrol' };
  // Cast: the reader's `role` is the desk's addition to the agent's config schema.
  return { devices: { readers: [reader], relays: [], sensors: [] } as unknown as AgentConfig['devices'], lanes: [] };
}
