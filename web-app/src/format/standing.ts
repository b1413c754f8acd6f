import type { MemberProfile } from '@studio/shared/web-app';
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

/** The status banner in words ("Can check in", "Warning: last visit on …", "Blocked: payment past due"). */
export function standing(profile: Pick<MemberProfile, 'memberships' | 'form_signed_at'>): Standing {
  const held = mainMembership(profile.memberships);
  const waiver = profile.form_signed_at ? '' : ' Waiver not signed.';
  if (!held) return { tone: 'none', words: `No plan: sell one to let them in.${waiver}` };
  const plan = held.plan_name;
  switch (held.status) {
    case 'active':
      if (held.visits_remaining === 0) return { tone: 'blocked', words: `Blocked: no visits left on ${plan}.${waiver}` };
      if (held.visits_remaining === 1) return { tone: 'warn', words: `Warning: last visit on ${plan}.${waiver}` };
      return { tone: profile.form_signed_at ? 'ok' : 'warn', words: `Can check in: ${plan}${held.end_date ? ` until ${formatDay(held.end_date)}` : ''}.${waiver}` };
    case 'past_due':
      return { tone: 'blocked', words: `Blocked: payment past due on ${plan}.${waiver}` };
    case 'paused':
      return { tone: 'blocked', words: `Blocked: ${plan} is paused.${waiver}` };
    case 'pending':
      return { tone: 'blocked', words: `Blocked: ${plan} starts on ${formatDay(held.start_date)}.${waiver}` };
    default:
      return { tone: 'none', words: `No current plan: ${plan} ${held.status === 'cancelled' ? 'was cancelled' : 'ended'}${held.end_date ? ` on ${formatDay(held.end_date)}` : ''}.${waiver}` };
  }
}

/** Which status changes a membership row offers, by its status. */
export function statusActions(status: string): Array<{ label: string; status: 'active' | 'paused' | 'past_due' | 'cancelled' }> {
  switch (status) {
    case 'active':
      return [
        { label: 'Pause', status: 'paused' },
        { label: 'Mark past due', status: 'past_due' },
        { label: 'Cancel membership', status: 'cancelled' },
      ];
    case 'paused':
    case 'past_due':
      return [
        { label: 'Reactivate', status: 'active' },
        { label: 'Cancel membership', status: 'cancelled' },
      ];
    case 'pending':
      return [{ label: 'Cancel membership', status: 'cancelled' }];
    default:
      return [];
  }
}
