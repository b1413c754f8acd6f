import { DateTime } from 'luxon';

/**
 * When a class may be checked into, as a location sets it: from `opens_minutes_before` its start
 * until `closes_minutes_after` its start. Real minutes, not wall-clock ones: a class just after a
 * daylight-saving change opens the same 30 minutes before it as any other.
 */
export interface CheckinWindowRule {
  opens_minutes_before: number;
  closes_minutes_after: number;
}

/** A location that sets nothing: a member may check in from half an hour before until a quarter hour in. */
export const defaultCheckinWindow: CheckinWindowRule = { opens_minutes_before: 30, closes_minutes_after: 15 };

export interface CheckinWindow {
  /** UTC instants: open from `opens_at` inclusive to `closes_at` inclusive. */
  opens_at: string;
  closes_at: string;
}

export type CheckinWindowState = 'open' | 'not_open_yet' | 'closed';

const minuteMs = 60_000;

export function checkinWindow(classStart: string, rule: CheckinWindowRule): CheckinWindow {
  const start = Date.parse(classStart);
  return {
    opens_at: new Date(start - rule.opens_minutes_before * minuteMs).toISOString(),
    closes_at: new Date(start + rule.closes_minutes_after * minuteMs).toISOString(),
  };
}

/**
 * Where `at` falls against a class's window. Both edges belong to the window: exactly
 * `opens_minutes_before` before the start is allowed, a millisecond earlier is not.
 */
export function checkinWindowState(window: CheckinWindow, at: Date): CheckinWindowState {
  const t = at.getTime();
  if (t < Date.parse(window.opens_at)) return 'not_open_yet';
  if (t > Date.parse(window.closes_at)) return 'closed';
  return 'open';
}

/** Why a check-in outside the window is refused, with the edge in the location's local time. */
export function checkinWindowMessage(window: CheckinWindow, state: Exclude<CheckinWindowState, 'open'>, timezone: string): string {
  // In English whatever the machine's locale: the API's messages are English.
  const local = (iso: string) => DateTime.fromISO(iso, { zone: timezone, locale: 'en-US' }).toFormat('cccc d LLLL, HH:mm ZZZZ');
  return state === 'not_open_yet' ? `Check-in for this class opens at ${local(window.opens_at)}.` : `Check-in for this class closed at ${local(window.closes_at)}.`;
}
