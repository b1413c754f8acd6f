import { decide, type EligibilityRow } from '@studio/shared';
import type { EligibilityCache } from '../eligibility/cache.js';
import { checkinRulesOf } from '../eligibility/lookup.js';

/**
 * The membership a phone pass checks in with. A pass names the member (their contact), not a card,
 * so their memberships are the cached rows of that contact (each card or code of theirs is a row):
 * the first one the rules admit now, else the first (whose reason the refusal gives, `past_due` as
 * for their card). Null when the cache holds none of theirs.
 */
export function passMembership(cache: EligibilityCache, contactId: string, now: Date): EligibilityRow | null {
  const rows = cache.ofContact(contactId);
  const { rules } = cache.state();
  if (rows.length === 0) return null;
  if (rules === null) return rows[0]!;
  const checkin = checkinRulesOf(rules);
  return rows.find((row) => decide(row, checkin, now).valid) ?? rows[0]!;
}
