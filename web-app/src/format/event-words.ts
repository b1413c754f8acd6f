import type { TodayEvent } from '@studio/shared/web-app';
import type { TFunction } from 'i18next';

/** Refusal and warning reasons with words of their own in the `common` catalog; any other reads as "Not allowed in". */
const reasonKeys = {
  not_found: 'reason.not_found',
  not_started: 'reason.not_started',
  expired: 'reason.expired',
  cancelled: 'reason.cancelled',
  paused: 'reason.paused',
  past_due: 'reason.past_due',
  no_visits_remaining: 'reason.no_visits_remaining',
  location_not_allowed: 'reason.location_not_allowed',
  no_card: 'reason.no_card',
  form_missing: 'reason.form_missing',
  outside_access_hours: 'reason.outside_access_hours',
} as const;

type ReasonCode = keyof typeof reasonKeys;
const isReason = (code: string): code is ReasonCode => Object.hasOwn(reasonKeys, code);

/** A reason code in the reader's language (`t` of the `common` namespace). */
export function reasonWords(t: TFunction<'common'>, code: string): string {
  return isReason(code) ? t(reasonKeys[code]) : t('reason.other');
}

/** The rules a location set to warn that this visit broke (let in, staff follow up): its flags that are reasons. */
export function visitWarnings(event: TodayEvent): string[] {
  if (event.kind !== 'visit' || event.flags.includes('staff_override') || event.flags.includes('ineligible_at_checkin')) return [];
  return event.flags.filter(isReason);
}

/** A row with a card nobody holds: a desk reader's unknown read, or a door's refusal that named no member. */
export function isUnknownCard(event: TodayEvent): boolean {
  return event.kind === 'unknown_card' || (event.kind === 'denial' && event.contact === null && event.reasons.includes('not_found'));
}

/** A desk scan not yet enrolled, or an unknown card refused at a door: the row offers to enrol it to a member. */
export function isEnrollable(event: TodayEvent): boolean {
  if (event.kind === 'unknown_card') return !/enrolled$/i.test(event.message);
  return isUnknownCard(event);
}

/** What a row's result says, as a key of the `today` catalog, and for a refusal the first reason's code. */
export function resultOf(event: TodayEvent): {
  key: 'result.checked_in' | 'result.class' | 'result.override' | 'result.last_visit' | 'result.offline_follow_up' | 'result.refused' | 'result.not_enrolled' | 'result.enrolled';
  reason?: string;
} {
  if (event.kind === 'unknown_card') return { key: isEnrollable(event) ? 'result.not_enrolled' : 'result.enrolled' };
  if (event.kind === 'denial') return { key: 'result.refused', reason: event.reasons[0] ?? 'other' };
  if (event.flags.includes('staff_override')) return { key: 'result.override' };
  if (event.offline && event.flags.includes('ineligible_at_checkin')) return { key: 'result.offline_follow_up' };
  if (event.message === 'Checked in to a class') return { key: 'result.class' };
  if (event.flags.includes('no_visits_remaining')) return { key: 'result.last_visit' };
  return { key: 'result.checked_in' };
}
