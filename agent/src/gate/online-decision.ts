import type { StudioClient } from '@studio/shared/client';
import type { Learned } from '../eligibility/cache.js';
import { failureCode, isServerAnswer, type ServerLink } from '../link/server-link.js';

/** The slice of the API client the gate uses, so tests pass a fake. */
export type GateServer = Pick<StudioClient['members'], 'resolve' | 'checkIn'>;

/** The gate's own link: whether its last call was answered makes a local refusal meanwhile an offline decision. */
export type GateLink = ServerLink<GateServer>;

export interface OnlineRequest {
  identifier: string;
  locationId: string;
  deviceId: string;
  at: Date;
  /** One per scan: the online check-in and, if it stays unanswered, the outbox row share it. */
  idempotencyKey: string;
  budgetMs: number;
}

export type OnlineOutcome =
  | {
      kind: 'answered';
      granted: boolean;
      reason: string | null;
      membershipId: string | null;
      contactId: string | null;
      visitId: string | null;
      /** Refused on the resolve's word, which records nothing: the server keeps no denial unless the gate reports it. */
      unrecorded: boolean;
    }
  | { kind: 'unreachable'; checkInAttempted: boolean; membershipId: string | null; error: string };

export interface OnlineHooks {
  learn(membershipId: string, learned: Learned): void;
  /**
   * Called once the server found a member it would admit, before the check-in: a local reason to
   * refuse (anti-passback by member), or null. A refusal here records nothing on the server.
   */
  admit?(member: { membershipId: string; contactId: string | null }): string | null;
}

/** The online check-in body; the outbox rebuilds it byte for byte to replay an unanswered attempt. */
export function onlineCheckInBody(visit: { locationId: string; membershipId: string; deviceId: string; checkedInAt: string }) {
  return { location_id: visit.locationId, membership_id: visit.membershipId, source: 'turnstile' as const, device_id: visit.deviceId, checked_in_at: visit.checkedInAt };
}

/**
 * Resolve, then check in by membership id, all within one budget. The check-in names the
 * membership, not the card, so that its body can be rebuilt from the outbox (which never holds a
 * card number). Only the server's answers about eligibility count as answers here; anything else
 * (not answered by the link's rule, or answered about something else, such as a clock running
 * ahead) lets the cache decide, so the door keeps working and the outbox reports the passage.
 */
export async function askServer(link: GateLink, request: OnlineRequest, hooks: OnlineHooks): Promise<OnlineOutcome> {
  const call = link.within(request.budgetMs);
  let membershipId: string | null = null;
  let contactId: string | null = null;
  let checkInAttempted = false;
  const answered = (granted: boolean, reason: string | null, visitId: string | null = null, unrecorded = false): OnlineOutcome => ({
    kind: 'answered',
    granted,
    reason,
    membershipId,
    contactId,
    visitId,
    unrecorded,
  });
  try {
    const resolved = await call((o) => link.server.resolve({ identifier: request.identifier, location_id: request.locationId }, o));
    membershipId = resolved.membership_id;
    contactId = resolved.contact_id;
    if (membershipId !== null && resolved.status !== null) hooks.learn(membershipId, { status: resolved.status });
    if (!resolved.found || membershipId === null) return answered(false, resolved.reason ?? 'not_found', null, true);
    if (!resolved.valid_for_checkin) return answered(false, resolved.reason, null, true);
    const local = hooks.admit?.({ membershipId, contactId }) ?? null;
    if (local !== null) return answered(false, local);
    checkInAttempted = true;
    const body = onlineCheckInBody({ locationId: request.locationId, membershipId, deviceId: request.deviceId, checkedInAt: request.at.toISOString() });
    const { data: visit } = await call((o) => link.server.checkIn(body, { ...o, idempotencyKey: request.idempotencyKey }));
    hooks.learn(visit.membership_id, { used: visit.visits_used });
    return answered(true, null, visit.id);
  } catch (error) {
    if (isServerAnswer(error)) {
      if (error.code === 'checkin_blocked') return answered(false, error.reasons?.[0] ?? 'checkin_blocked');
      if (error.code === 'member_not_found') return answered(false, 'not_found');
    }
    return { kind: 'unreachable', checkInAttempted, membershipId, error: `${failureCode(error)}: ${(error as Error).message}` };
  }
}

/**
 * A phone pass's online route: the agent has checked the pass and knows the member and the
 * membership (the cache), so it skips the resolve (the pass text is no credential the server knows)
 * and checks in by membership id, as the card path's second call does: the server applies its
 * rules and records the visit once under the scan's Idempotency-Key; unanswered, the same key goes
 * through the outbox.
 */
export async function checkInMember(link: GateLink, request: Omit<OnlineRequest, 'identifier'> & { membershipId: string; contactId: string }, hooks: OnlineHooks): Promise<OnlineOutcome> {
  const call = link.within(request.budgetMs);
  const answered = (granted: boolean, reason: string | null, visitId: string | null = null): OnlineOutcome => ({
    kind: 'answered',
    granted,
    reason,
    membershipId: request.membershipId,
    contactId: request.contactId,
    visitId,
    unrecorded: false,
  });
  try {
    const body = onlineCheckInBody({ locationId: request.locationId, membershipId: request.membershipId, deviceId: request.deviceId, checkedInAt: request.at.toISOString() });
    const { data: visit } = await call((o) => link.server.checkIn(body, { ...o, idempotencyKey: request.idempotencyKey }));
    hooks.learn(visit.membership_id, { used: visit.visits_used });
    return answered(true, null, visit.id);
  } catch (error) {
    if (isServerAnswer(error)) {
      if (error.code === 'checkin_blocked') return answered(false, error.reasons?.[0] ?? 'checkin_blocked');
      if (error.code === 'member_not_found') return answered(false, 'not_found');
    }
    return { kind: 'unreachable', checkInAttempted: true, membershipId: request.membershipId, error: `${failureCode(error)}: ${(error as Error).message}` };
  }
}
