import type { TodayEvent } from '@studio/shared/web-app';
import { commonWords } from '../i18n/outside.ts';

/**
 * The result in words: the server's reason (the same vocabulary as the kiosk, in the API's English)
 * behind our own "Checked in" or "Refused" in the app's language.
 */
export function resultWords(event: TodayEvent): string {
  const t = commonWords();
  if (event.kind === 'visit') return event.message.startsWith('Checked in') ? event.message : t('feed.checked_in', { reason: event.message || t('feed.follow_up') });
  if (event.kind === 'denial') return t('feed.refused', { reason: event.message || t('feed.not_allowed') });
  return event.message || t('feed.card_not_enrolled');
}

/** A card read nobody holds, not yet enrolled: the row offers to assign it. */
export function isAssignable(event: TodayEvent): boolean {
  return event.kind === 'unknown_card' && !/enrolled$/i.test(event.message);
}
