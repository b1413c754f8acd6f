import { candidateKeys, decide, defaultMatchingProfile, doorEntryCounts, type EligibilityRow, type MatchingProfile } from '@studio/shared';
import type { EligibilityCache } from '../eligibility/cache.js';
import { checkinRulesOf } from '../eligibility/lookup.js';
import type { VisitOutbox } from './visit-outbox.js';

export interface OfflinePolicy {
  maxCacheAgeS: number;
  staffIdentifiers: readonly string[];
}

export interface OfflineDecision {
  granted: boolean;
  /** The same codes the server answers (`past_due`, `not_found`, ...), or `cache_stale`. */
  reason: string | null;
  staff: boolean;
}

/** Staff identifiers match a scan when they share a candidate key: a card printed as hex or decimal is one card. */
export function isStaffCredential(identifier: string, staff: readonly string[], profile: MatchingProfile = defaultMatchingProfile): boolean {
  if (staff.length === 0) return false;
  const scanned = new Set(candidateKeys(identifier, profile));
  return staff.some((s) => candidateKeys(s, profile).some((key) => scanned.has(key)));
}

/** What the offline decision reads: the cache, and the visits not yet delivered. */
export interface OfflineSources {
  cache: EligibilityCache;
  outbox: Pick<VisitOutbox, 'pendingCountOf'>;
}

/**
 * The decision when the server cannot answer in time, with the server's own rules (shared
 * `decide`) so the reasons match online ones. A cache older than the policy allows refuses with
 * `cache_stale` (a revoked card could still be in it), except for staff credentials.
 * Offline door visits not yet delivered count against the allowance, so limits hold offline;
 * not on a plan or package whose door entries use nothing (the server records them uncounted).
 */
export function decideOffline(store: OfflineSources, cached: EligibilityRow | null, identifier: string, policy: OfflinePolicy, now: Date): OfflineDecision {
  const { rules } = store.cache.state();
  if (isStaffCredential(identifier, policy.staffIdentifiers, rules?.matching_profile)) return { granted: true, reason: null, staff: true };
  const syncedAt = store.cache.syncedAt();
  if (rules === null || syncedAt === null || now.getTime() - syncedAt.getTime() > policy.maxCacheAgeS * 1000) {
    return { granted: false, reason: 'cache_stale', staff: false };
  }
  if (!cached) return { granted: false, reason: 'not_found', staff: false };
  const pending = doorEntryCounts(cached.door_checkin_consumes) ? store.outbox.pendingCountOf(cached.membership_id) : 0;
  const facts = { ...cached, used: cached.used + pending };
  const decision = decide(facts, checkinRulesOf(rules), now);
  return { granted: decision.valid, reason: decision.reason, staff: false };
}
