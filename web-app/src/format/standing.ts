import type { MemberProfile } from '@studio/shared/web-app';
import type { TFunction } from 'i18next';
import { formatDay } from './time.ts';

export interface Standing {
  tone: 'ok' | 'warn' | 'blocked' | 'none';
  words: string;
}

type Held = MemberProfile['memberships'][number];

const preference = ['active', 'past_due', 'paused', 'pending', 'cancelled', 'expired'];

/** The membership the desk cares about first: a usable one, else the one that explains the refusal. */
export function mainMembership(memberships: readonly Held[]): Held | null {
  return [...memberships].sort((a, b) => preference.indexOf(a.status) - preference.indexOf(b.status) || b.start_date.localeCompare(a.start_date))[0] ?? null;
}

/** The status banner in the reader's language ("Can check in", "Warning: last visit on …", "Blocked: payment past due"). */
export function standing(t: TFunction<'profile'>, profile: Pick<MemberProfile, 'memberships' | 'form_signed_at'>, locale?: string): Standing {
  const held = mainMembership(profile.memberships);
  // A missing waiver is a second sentence after whatever the plan says.
  const withWaiver = (tone: Standing['tone'], words: string): Standing => ({ tone, words: profile.form_signed_at ? words : `${words} ${t('standing.waiver_missing')}` });
  if (!held) return withWaiver('none', t('standing.no_plan'));
  const plan = held.plan_name;
  const day = (date: string) => formatDay(date, locale);
  switch (held.status) {
    case 'active':
      if (held.visits_remaining === 0) return withWaiver('blocked', t('standing.no_visits_left', { plan }));
      if (held.visits_remaining === 1) return withWaiver('warn', t('standing.last_visit', { plan }));
      return withWaiver(profile.form_signed_at ? 'ok' : 'warn', held.end_date ? t('standing.can_check_in_until', { plan, date: day(held.end_date) }) : t('standing.can_check_in', { plan }));
    case 'past_due':
      return withWaiver('blocked', t('standing.past_due', { plan }));
    case 'paused':
      return withWaiver('blocked', t('standing.paused', { plan }));
    case 'pending':
      return withWaiver('blocked', t('standing.pending', { plan, date: day(held.start_date) }));
    default:
      if (held.status === 'cancelled') return withWaiver('none', held.end_date ? t('standing.cancelled_on', { plan, date: day(held.end_date) }) : t('standing.cancelled', { plan }));
      return withWaiver('none', held.end_date ? t('standing.ended_on', { plan, date: day(held.end_date) }) : t('standing.ended', { plan }));
  }
}

type StatusAction = { key: 'action.pause' | 'action.mark_past_due' | 'action.cancel' | 'action.reactivate'; status: 'active' | 'paused' | 'past_due' | 'cancelled' };

/** Which status changes a membership row offers, by its status; `key` names its words in the `profile` catalog. */
export function statusActions(status: string): StatusAction[] {
  switch (status) {
    case 'active':
      return [
        { key: 'action.pause', status: 'paused' },
        { key: 'action.mark_past_due', status: 'past_due' },
        { key: 'action.cancel', status: 'cancelled' },
      ];
    case 'paused':
    case 'past_due':
      return [
        { key: 'action.reactivate', status: 'active' },
        { key: 'action.cancel', status: 'cancelled' },
      ];
    case 'pending':
      return [{ key: 'action.cancel', status: 'cancelled' }];
    default:
      return [];
  }
}
