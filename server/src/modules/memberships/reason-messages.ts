import type { Reason } from '@studio/shared';

/** The plain-language sentence for each reason, for error messages (the kiosk has its own wording). */
export const reasonMessages: Record<Reason, string> = {
  not_found: 'No member has this code or card.',
  not_started: 'The membership has not started yet.',
  expired: 'The membership has expired.',
  cancelled: 'The membership is cancelled.',
  paused: 'The membership is paused.',
  past_due: 'The membership payment is past due.',
  no_visits_remaining: 'No visits remain in this period.',
  location_not_allowed: 'The membership does not include this location.',
  no_card: 'The member has no card on file.',
  form_missing: 'A required form has not been signed.',
  outside_access_hours: 'The location is outside its member access hours.',
};
