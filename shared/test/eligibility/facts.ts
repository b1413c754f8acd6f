import type { CheckinRules, EligibilityFacts } from '../../src/eligibility/index.js';

/** An active, unlimited membership at an allowed location, every alert condition clear. */
export function facts(overrides: Partial<EligibilityFacts> = {}): EligibilityFacts {
  return {
    status: 'active',
    start_date: '2026-01-01',
    end_date: null,
    allowance: null,
    used: 0,
    allowance_renews_at: null,
    allowed_here: true,
    form_signed: true,
    has_card: true,
    ...overrides,
  };
}

/** A location in `timezone` with the default alerts (past_due block, the others warn) and no access hours. */
export function rules(overrides: Partial<CheckinRules> = {}): CheckinRules {
  return { timezone: 'UTC', checkin_alerts: { past_due: 'block', no_card: 'warn', form_missing: 'warn' }, ...overrides };
}

/** The injected clock of every test: an instant given as ISO text, never the machine's time. */
export const at = (iso: string): Date => new Date(iso);
