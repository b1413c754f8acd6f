import type { TodayEvent } from '@studio/shared/web-app';

/** The result in words, as the server phrases it (the same vocabulary as the kiosk), with an icon and a colour. */
export function resultWords(event: TodayEvent): string {
  if (event.kind === 'visit') return event.message.startsWith('Checked in') ? event.message : `Checked in: ${event.message || 'follow up'}`;
  if (event.kind === 'denial') return `Refused: ${event.message || 'not allowed in'}`;
  return event.message || 'Card not enrolled';
}

/** A card read nobody holds, not yet enrolled: the row offers to assign it. */
export function isAssignable(event: TodayEvent): boolean {
  return event.kind === 'unknown_card' && !/enrolled$/i.test(event.message);
}
