import { CheckinAlerts, decide } from '@studio/shared';
import type { EligibilityCache } from './cache.js';
import { checkinRulesOf } from './lookup.js';

/** What can refuse a contact offline: the location's check-in alerts set to block (docs/api-decisions.md, Classes). */
const alertReasons = new Set<string>(Object.keys(CheckinAlerts.shape));

/** An eligibility cache this old refuses offline (the gate's `offline.max_cache_age_s`). */
export function cacheStale(eligibility: EligibilityCache, maxCacheAgeS: number, now: Date): boolean {
  const syncedAt = eligibility.syncedAt();
  return eligibility.state().rules === null || syncedAt === null || now.getTime() - syncedAt.getTime() > maxCacheAgeS * 1000;
}

/**
 * Why a known contact (a booked class spot, say) may not be served while the server is away, with
 * the server's own rule: only a blocking alert refuses (`past_due`, ...), judged by the shared
 * `decide` on the contact's cached memberships; one membership free of them is enough, as the
 * server judges the spot's covering membership. A contact with no cached membership has nothing to
 * block on here; the server judges the report when it arrives, and a refusal then is kept for staff.
 */
export function offlineContactRefusal(eligibility: EligibilityCache, contactId: string, maxCacheAgeS: number, now: Date): string | null {
  if (cacheStale(eligibility, maxCacheAgeS, now)) return 'cache_stale';
  const rules = checkinRulesOf(eligibility.state().rules!);
  const blocking = eligibility.ofContact(contactId).map((row) => decide(row, rules, now).reasons.filter((reason) => alertReasons.has(reason)));
  if (blocking.length === 0 || blocking.some((reasons) => reasons.length === 0)) return null;
  return blocking[0]![0]!;
}
