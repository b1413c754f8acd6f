import { DateTime } from 'luxon';
import { wallClockToUtc } from './zone-offsets.js';

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

const day = 86_400_000;

/**
 * The UTC starts (epoch ms) of a weekly series, each date's time read in the location's zone, so a
 * 07:00 class stays at 07:00 local across a DST change (its UTC hour moves instead). A start inside
 * a spring-forward gap moves forward by the gap, as the clocks do; one the clocks pass twice is the
 * first. Plain arithmetic on days and cached offsets (zone-offsets.ts): a five-year daily series is
 * 1,826 starts, and an import may expand many.
 */
export function weeklyStartsInUtc(pattern: WeeklyPattern, zone: string): number[] {
  const [hours, minutes] = pattern.start_time.split(':').map(Number) as [number, number];
  const time = (hours * 60 + minutes) * 60_000;
  return weeklyDates(pattern).map((date) => wallClockToUtc(zone, date + time).utc);
}

/** How many classes a weekly series has: one on each listed weekday between its dates, whatever the zone. */
export function countWeeklyStarts(pattern: Omit<WeeklyPattern, 'start_time'>): number {
  return weeklyDates(pattern).length;
}

/** The series' dates (UTC midnight, epoch ms) that fall on a listed weekday. */
function weeklyDates(pattern: Omit<WeeklyPattern, 'start_time'>): number[] {
  const weekdays = new Set(pattern.weekdays);
  const last = Date.parse(pattern.ends_on);
  const dates: number[] = [];
  for (let date = Date.parse(pattern.starts_on); date <= last; date += day) {
    // 1970-01-01 was a Thursday (ISO weekday 4).
    const weekday = ((((Math.floor(date / day) + 3) % 7) + 7) % 7) + 1;
    if (weekdays.has(weekday)) dates.push(date);
  }
  return dates;
}

/** The stored form of an instant: ISO 8601 UTC with milliseconds. */
export function storedInstant(instant: DateTime | number): string {
  return typeof instant === 'number' ? new Date(instant).toISOString() : instant.toUTC().toISO()!;
}
