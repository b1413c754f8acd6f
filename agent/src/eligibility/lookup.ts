import { candidateKeys, credentialHash, type CheckinRules, type EligibilityRow } from '@studio/shared';
import type { EligibilityCache, FeedRules } from './cache.js';

/** The feed's rules as the shared `decide` takes them; an alert the feed leaves out uses the server's default. */
export function checkinRulesOf(rules: FeedRules): CheckinRules {
  const alerts = rules.checkin_alerts;
  return {
    timezone: rules.timezone,
    checkin_alerts: { past_due: alerts.past_due ?? 'block', no_card: alerts.no_card ?? 'warn', form_missing: alerts.form_missing ?? 'warn' },
    access_hours: rules.access_hours ?? undefined,
  };
}

/** The cached row of a scan: the first candidate key (most specific first) whose hash is cached. */
export function findCached(cache: EligibilityCache, identifier: string): EligibilityRow | null {
  const { hashKey, rules } = cache.state();
  if (hashKey === null || rules === null) return null;
  return cache.find(candidateKeys(identifier, rules.matching_profile).map((key) => credentialHash(hashKey, key)));
}
