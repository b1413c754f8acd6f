import type { KioskReason } from '../schemas/kiosk.js';

/** Reasons only a gate gives: the agent's own refusals, and the server's refusal when it names no rule. */
type GateReason = 'anti_passback' | 'door_unavailable' | 'checkin_blocked' | 'bad_code' | 'used' | 'pass_throttled';

/**
 * Every refusal reason in a few words for the staff watching the log (the kiosk words them for the
 * member). Typed by the contract's list, so a reason added there fails the typecheck until it is
 * worded here.
 */
const staffWords: Record<KioskReason | GateReason, string> = {
  not_found: 'card not known',
  not_started: 'membership not started yet',
  expired: 'membership expired',
  cancelled: 'membership cancelled',
  paused: 'membership paused',
  past_due: 'payment past due',
  no_visits_remaining: 'no visits left on the plan',
  location_not_allowed: 'plan does not include this location',
  no_card: 'no payment card on file',
  form_missing: 'a required form is not signed',
  outside_access_hours: "outside the plan's access hours",
  class_full: 'class is full',
  class_cancelled: 'class is cancelled',
  not_booked: 'no spot booked in the class',
  booking_rule: 'a booking rule refuses it',
  entitlement_required: 'needs a membership or class pack',
  checkin_window: 'class check-in is not open',
  no_class_now: 'no class open for check-in',
  cache_stale: 'offline and the cached list is too old',
  walk_in_offline: 'walk-ins need the server',
  unavailable: 'check-in unavailable',
  anti_passback: 'already went through (anti-passback)',
  door_unavailable: 'the door relay is not working',
  checkin_blocked: 'check-in blocked',
  bad_code: 'phone pass not valid now (wrong, old or revoked)',
  used: 'phone pass code already used',
  pass_throttled: 'too many bad phone passes at this lane; passes held for a while',
};

/** A reason code in words; an unknown code (a newer server's) as itself, underscores as spaces. */
export function reasonInWords(reason: unknown): string {
  if (typeof reason !== 'string' || reason === '') return 'no reason given';
  return Object.hasOwn(staffWords, reason) ? staffWords[reason as keyof typeof staffWords] : reason.replaceAll('_', ' ');
}
