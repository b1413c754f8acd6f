import { checkinWindowState, localClock, type CheckinWindow } from '@studio/shared';
import type { KioskClass } from '@studio/shared/kiosk';
import type { CachedClass } from './store/timetable-cache.js';

/** YYYY-MM-DD a number of days after a calendar date. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().split('T')[0]!;
}

export interface TimetableQuery {
  /** Bare local dates: the server reads them as local midnight at the location. */
  from: string;
  to: string;
}

/** No class runs longer: a class that started up to this long ago may still be running. */
const longestClassHours = 6;

/**
 * What the kiosk asks the server for: from the local midnight before the longest class could have
 * started (yesterday's, in the first hours after midnight, so a class running across midnight stays
 * on screen) to the end of the local day the horizon reaches. `shownOnKiosk` then keeps today's
 * classes that have not ended and the next hours' ones.
 */
export function timetableQuery(now: Date, timezone: string, horizonHours: number): TimetableQuery {
  const today = localClock(timezone, new Date(now.getTime() - longestClassHours * 3_600_000)).date;
  const horizonDay = localClock(timezone, new Date(now.getTime() + horizonHours * 3_600_000)).date;
  return { from: today, to: addDays(horizonDay, 1) };
}

export function shownOnKiosk(cls: { start: string; end: string }, now: Date, timezone: string, horizonHours: number): boolean {
  if (Date.parse(cls.end) <= now.getTime()) return false;
  const start = new Date(cls.start);
  return localClock(timezone, start).date === localClock(timezone, now).date || start.getTime() < now.getTime() + horizonHours * 3_600_000;
}

/**
 * The class's check-in window: as the server sent it (the location's rule, the same one the server
 * enforces), else, from a server that sends none, `opensMin` before the start until the end.
 */
export function classWindow(c: KioskClass, opensMin: number): CheckinWindow {
  if (c.checkin_opens_at !== undefined && c.checkin_closes_at !== undefined) return { opens_at: c.checkin_opens_at, closes_at: c.checkin_closes_at };
  return { opens_at: new Date(Date.parse(c.start) - opensMin * 60_000).toISOString(), closes_at: new Date(Date.parse(c.end) - 1).toISOString() };
}

/** Whether a tap or scan at `now` is inside the class's check-in window. */
export function insideWindow(c: KioskClass, now: Date, opensMin: number): boolean {
  return checkinWindowState(classWindow(c, opensMin), now) === 'open';
}

/** Classes a scan may check into now: scheduled, inside their check-in window. */
export function openForCheckIn(classes: readonly CachedClass[], now: Date, opensMin: number): CachedClass[] {
  return classes.filter(({ class: c }) => c.status === 'scheduled' && insideWindow(c, now, opensMin));
}

/**
 * The class a scan is for, when the kiosk has no scan target: among the classes open for check-in,
 * those where the member holds a spot, else all of them (a walk-in); of these the one starting
 * nearest to now (back-to-back classes: the next one once it is closer than the running one).
 */
export function classForScan(open: readonly CachedClass[], contactId: string, now: Date): CachedClass | null {
  const holding = open.filter((c) => c.roster?.some((a) => a.contact_id === contactId));
  const pool = holding.length > 0 ? holding : open;
  const distance = (c: CachedClass) => Math.abs(Date.parse(c.class.start) - now.getTime());
  return [...pool].sort((a, b) => distance(a) - distance(b))[0] ?? null;
}
