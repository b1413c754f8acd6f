import type { KioskAnswer, KioskReason } from '@studio/shared/kiosk';
import { shownFirstName } from './people.js';

/**
 * Every machine reason of the kiosk contract in words for the person at the screen. The record is
 * typed by the contract's list, so a reason added there fails the typecheck until it is worded here.
 */
export const reasonWords: Record<KioskReason, string> = {
  not_found: "We couldn't find your membership. Please see the front desk.",
  not_started: "Your membership hasn't started yet. Please see the front desk.",
  expired: 'Your membership has expired. Please see the front desk.',
  cancelled: 'Your membership is cancelled. Please see the front desk.',
  paused: 'Your membership is paused. Please see the front desk.',
  past_due: 'Your payment is past due, please see the front desk.',
  no_visits_remaining: 'You have no classes left on your plan. Please see the front desk.',
  location_not_allowed: "Your membership doesn't include this studio. Please see the front desk.",
  no_card: 'We need a payment card on file for you. Please see the front desk.',
  form_missing: 'We need a signed form from you. Please see the front desk.',
  outside_access_hours: "Your membership doesn't cover this time of day. Please see the front desk.",
  class_full: 'Sorry, this class is full.',
  class_cancelled: 'Sorry, this class has been cancelled.',
  not_booked: "You don't have a spot in this class. Please see the front desk.",
  booking_rule: "This class can't be booked now. Please see the front desk.",
  entitlement_required: 'This class needs a membership or class pack. Please see the front desk.',
  checkin_window: "Check-in for this class isn't open right now. Please see the front desk.",
  no_class_now: 'There is no class open for check-in right now. Tap a class first.',
  cache_stale: "We can't check you in while offline right now. Please see the front desk.",
  walk_in_offline: 'Walk-ins need a connection. Please see the front desk.',
  unavailable: "Check-in isn't available right now. Please see the front desk.",
};

const unknownReason = "We couldn't check you in. Please see the front desk.";

export function wordsForReason(reason: string | null): string {
  return reason !== null && Object.hasOwn(reasonWords, reason) ? reasonWords[reason as KioskReason] : unknownReason;
}

/** success: checked in; notice: nothing changed but all is well; refused: see the front desk. */
export type AnswerTone = 'success' | 'notice' | 'refused';

export interface AnswerWords {
  tone: AnswerTone;
  title: string;
  detail: string | null;
}

export function wordsForAnswer(answer: KioskAnswer): AnswerWords {
  const name = shownFirstName(answer.first_name);
  const greeting = name ? `, ${name}!` : '!';
  const offlineNote = answer.offline ? 'Saved on this kiosk: it reaches the studio when the connection is back.' : null;
  switch (answer.outcome) {
    case 'checked_in':
      return {
        tone: 'success',
        title: `${answer.walk_in ? 'Booked and checked in' : 'Checked in'}. Enjoy the class${greeting}`,
        detail: joinLines(answer.class_name, offlineNote),
      };
    case 'already_checked_in':
      return { tone: 'notice', title: `You're already checked in${name ? `, ${name}` : ''}. Enjoy the class!`, detail: answer.class_name };
    case 'refused':
      return { tone: 'refused', title: wordsForReason(answer.reason), detail: answer.class_name };
  }
}

function joinLines(...lines: (string | null)[]): string | null {
  const present = lines.filter((line): line is string => !!line);
  return present.length > 0 ? present.join(' · ') : null;
}

/** Words for a failure of the kiosk itself (not a decision about the member). */
export function wordsForProblem(code: string): { title: string; detail: string } {
  if (code === 'unreachable') return { title: 'The kiosk is reconnecting…', detail: 'This takes a moment. If it keeps showing, please see the front desk.' };
  return { title: 'Something went wrong.', detail: 'Please try again, or see the front desk.' };
}
