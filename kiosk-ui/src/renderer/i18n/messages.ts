import { kioskReasons, type KioskAnswer, type KioskReason } from '@studio/shared/kiosk';
import type { en } from './catalogs.js';
import { shownFirstName } from './people.js';
import type { Words } from './words.js';

/**
 * Every machine reason of the kiosk contract has words in the catalog: a reason added to the
 * contract fails the typecheck here until en.ts (and so es.ts) words it.
 */
type ReasonKey = `reason.${KioskReason}`;
const reasonKeys: ReadonlySet<string> = new Set(kioskReasons);
export const wordedReasons: readonly ReasonKey[] = kioskReasons.map((reason) => `reason.${reason}` as const satisfies keyof typeof en);

export function wordsForReason(reason: string | null, words: Words): string {
  return reason !== null && reasonKeys.has(reason) ? words.t(`reason.${reason as KioskReason}`) : words.t('reason.unknown');
}

/** success: checked in; notice: nothing changed but all is well; refused: see the front desk. */
export type AnswerTone = 'success' | 'notice' | 'refused';

export interface AnswerWords {
  tone: AnswerTone;
  title: string;
  detail: string | null;
}

export function wordsForAnswer(answer: KioskAnswer, words: Words): AnswerWords {
  const { t } = words;
  const name = shownFirstName(answer.first_name);
  const greeting = name ? t('answer.greeting', { name }) : t('answer.no_greeting');
  const offlineNote = answer.offline ? t('answer.saved_offline') : null;
  switch (answer.outcome) {
    case 'checked_in':
      return { tone: 'success', title: t(answer.walk_in ? 'answer.walked_in' : 'answer.checked_in', { greeting }), detail: joinLines(answer.class_name, offlineNote) };
    case 'already_checked_in':
      return { tone: 'notice', title: name ? t('answer.already', { name }) : t('answer.already_anonymous'), detail: answer.class_name };
    case 'refused':
      return { tone: 'refused', title: wordsForReason(answer.reason, words), detail: answer.class_name };
  }
}

function joinLines(...lines: (string | null)[]): string | null {
  const present = lines.filter((line): line is string => !!line);
  return present.length > 0 ? present.join(' · ') : null;
}

/** Words for a failure of the kiosk itself (not a decision about the member). */
export function wordsForProblem(code: string, { t }: Words): { title: string; detail: string } {
  if (code === 'unreachable') return { title: t('problem.reconnecting'), detail: t('problem.reconnecting_detail') };
  return { title: t('problem.failed'), detail: t('problem.failed_detail') };
}
