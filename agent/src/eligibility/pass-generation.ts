import type { EligibilityCache } from './cache.js';

/**
 * The member's pass generation as the cache knows it: how many times staff revoked their passes
 * (docs/phone-pass.md), part of their key. 0 when never, or when the cache holds none of theirs.
 */
export function passGeneration(cache: EligibilityCache, contactId: string): number {
  return Math.max(0, ...cache.ofContact(contactId).map((row) => row.pass_generation ?? 0));
}
