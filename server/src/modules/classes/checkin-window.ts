import { ApiError, checkinWindow, checkinWindowMessage, checkinWindowState, type CheckinWindow } from '@studio/shared';
import type { LocationRow } from '../locations/lookup.js';
import { checkinWindowRule } from '../locations/settings.js';

/** The class's check-in window under its location's rule. */
export function classCheckinWindow(cls: { start_at: string }, location: { settings: string }): CheckinWindow {
  return checkinWindow(cls.start_at, checkinWindowRule(location));
}

/** The flag an offline report outside the window carries on its visit, for staff to follow up. */
export const outsideWindowFlag = 'outside_checkin_window';

/**
 * Judges a class check-in at `at` against the location's window, one rule for every way in (API,
 * kiosk tap and scan, the door). Outside it, a live request is refused with 422 `checkin_window`
 * saying when it opens or closed in the location's time; an offline report is recorded with the
 * flag instead: the device already told the member they were in, and refusing would lose the record.
 */
export function judgeCheckinWindow(cls: { start_at: string }, location: LocationRow, at: Date, offline: boolean): string[] {
  const window = classCheckinWindow(cls, location);
  const state = checkinWindowState(window, at);
  if (state === 'open') return [];
  if (offline) return [outsideWindowFlag];
  throw new ApiError('checkin_window', checkinWindowMessage(window, state, location.timezone), { details: { ...window } });
}

/** Whether `at` is inside the class's window (the door's question: is this visit that class?). */
export function insideCheckinWindow(cls: { start_at: string }, location: { settings: string }, at: Date): boolean {
  return checkinWindowState(classCheckinWindow(cls, location), at) === 'open';
}
