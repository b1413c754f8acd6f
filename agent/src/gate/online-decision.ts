import { ApiRequestError, type StudioClient } from '@studio/shared/client';
import type { Learned } from '../store/cache.js';

/** The slice of the API client the gate uses, so tests pass a fake. */
export type GateServer = Pick<StudioClient['members'], 'resolve' | 'checkIn'>;

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
  | { kind: 'answered'; granted: boolean; reason: string | null; membershipId: string | null }
  | { kind: 'unreachable'; checkInAttempted: boolean; membershipId: string | null; error: string };

export interface OnlineHooks {
  /** The server answered something: for "last server contact" in /health. */
  contact(): void;
  learn(membershipId: string, learned: Learned): void;
}

/** The online check-in body; the outbox rebuilds it byte for byte to replay an unanswered attempt. */
export function onlineCheckInBody(visit: { locationId: string; membershipId: string; deviceId: string; checkedInAt: string }) {
  return { location_id: visit.locationId, membership_id: visit.membershipId, source: 'turnstile' as const, device_id: visit.deviceId, checked_in_at: visit.checkedInAt };
}

/**
 * Resolve, then check in by membership id, all within one budget. The check-in names the
 * membership, not the card, so that its body can be rebuilt from the outbox (which never holds a
 * card number). Only the server's answers about eligibility count as answers; anything else
 * (unreachable, timeout, 5xx, 429, a key problem) lets the cache decide, so the door keeps working.
 */
export async function askServer(server: GateServer, request: OnlineRequest, hooks: OnlineHooks): Promise<OnlineOutcome> {
  const call = { signal: AbortSignal.timeout(request.budgetMs), timeoutMs: request.budgetMs, retries: 0 };
  let membershipId: string | null = null;
  let checkInAttempted = false;
  try {
    const resolved = await server.resolve({ identifier: request.identifier, location_id: request.locationId }, call);
    hooks.contact();
    membershipId = resolved.membership_id;
    if (membershipId !== null && resolved.status !== null) hooks.learn(membershipId, { status: resolved.status });
    if (!resolved.found || membershipId === null) return { kind: 'answered', granted: false, reason: resolved.reason ?? 'not_found', membershipId };
    if (!resolved.valid_for_checkin) return { kind: 'answered', granted: false, reason: resolved.reason, membershipId };
    checkInAttempted = true;
    const body = onlineCheckInBody({ locationId: request.locationId, membershipId, deviceId: request.deviceId, checkedInAt: request.at.toISOString() });
    const { data: visit } = await server.checkIn(body, { ...call, idempotencyKey: request.idempotencyKey });
    hooks.contact();
    hooks.learn(visit.membership_id, { used: visit.visits_used });
    return { kind: 'answered', granted: true, reason: null, membershipId };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      hooks.contact();
      if (error.code === 'checkin_blocked') return { kind: 'answered', granted: false, reason: error.reasons?.[0] ?? 'checkin_blocked', membershipId };
      if (error.code === 'member_not_found') return { kind: 'answered', granted: false, reason: 'not_found', membershipId };
    }
    const code = (error as { code?: string }).code ?? 'error';
    return { kind: 'unreachable', checkInAttempted, membershipId, error: `${code}: ${(error as Error).message}` };
  }
}
