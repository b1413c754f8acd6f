import { DateTime } from 'luxon';

const wallClock = "yyyy-MM-dd'T'HH:mm";

/** A class start in UTC, or why the given start cannot be one. */
export type StartInUtc = { ok: true; utc: DateTime } | { ok: false; message: string };

/**
 * A one-off class start: an RFC 3339 instant as given, or a wall-clock time read in the location's
 * zone. A wall-clock time the clocks skip (spring forward) is refused, not silently shifted.
 */
export function classStartInUtc(start: string, zone: string): StartInUtc {
  const isWallClock = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(start);
  if (!isWallClock) return { ok: true, utc: DateTime.fromISO(start, { setZone: true }).toUTC() };
  const local = DateTime.fromISO(start, { zone });
  if (local.toFormat(wallClock) !== start) {
    return { ok: false, message: `start ${start} does not exist in ${zone}: the clocks skip it` };
  }
  return { ok: true, utc: local.toUTC() };
}

export interface WeeklyPattern {
  /** ISO weekdays, Monday = 1. */
  weekdays: number[];
  /** Local 'HH:MM'. */
  start_time: string;
  starts_on: string;
  ends_on: string;
}

/**
 * The UTC starts of a weekly series, each date's time read in the location's zone, so a 07:00
 * class stays at 07:00 local across a DST change (its UTC hour moves instead). A start inside a
 * spring-forward gap moves forward by the gap, as the clocks do.
 */
export function weeklyStartsInUtc(pattern: WeeklyPattern, zone: string): DateTime[] {
  const weekdays = new Set(pattern.weekdays);
  const last = DateTime.fromISO(pattern.ends_on, { zone: 'utc' });
  const starts: DateTime[] = [];
  for (let day = DateTime.fromISO(pattern.starts_on, { zone: 'utc' }); day <= last; day = day.plus({ days: 1 })) {
    if (weekdays.has(day.weekday)) starts.push(DateTime.fromISO(`${day.toISODate()}T${pattern.start_time}`, { zone }).toUTC());
  }
  return starts;
}

/** The stored form of an instant: ISO 8601 UTC with milliseconds. */
export function storedInstant(instant: DateTime): string {
  return instant.toUTC().toISO()!;
}
