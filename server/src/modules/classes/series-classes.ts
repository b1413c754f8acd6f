import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { DateTime } from 'luxon';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import { storedInstant, weeklyStartsInUtc } from './class-times.js';

export type SeriesRow = Tables['class_series'];
type ClassInsert = Tables['classes'];

/**
 * How far one series may reach: five years from its first day. Past a year is allowed (an owner
 * extends a series rather than re-creating it each January); five bounds what one request writes
 * (at most about 1,830 classes a weekday) and the database sees it in chunks of `classesPerInsert`.
 */
export const maxSeriesYears = 5;
export const classesPerInsert = 200;

/** The last day a series starting on `startsOn` may run to. */
export function lastAllowedDay(startsOn: string): string {
  return DateTime.fromISO(startsOn, { zone: 'utc' }).plus({ years: maxSeriesYears }).minus({ days: 1 }).toISODate()!;
}

/** Refuses an end before the start, or beyond `maxSeriesYears`, with what to do instead. */
export function checkSeriesSpan(startsOn: string, endsOn: string, param = 'ends_on'): void {
  if (endsOn < startsOn) throw new ApiError('invalid_param', `The series ends (${endsOn}) before it starts (${startsOn}); choose a later end date.`, { param });
  const last = lastAllowedDay(startsOn);
  if (endsOn > last) {
    throw new ApiError('invalid_param', `A series may run at most ${maxSeriesYears} years: from ${startsOn} until ${last} at the latest. Extend it again later.`, { param });
  }
}

export const weekdaysOf = (series: Pick<SeriesRow, 'weekdays'>) => JSON.parse(series.weekdays) as number[];

/** The day after an ISO date. */
export const dayAfter = (day: string) => DateTime.fromISO(day, { zone: 'utc' }).plus({ days: 1 }).toISODate()!;
export const dayBefore = (day: string) => DateTime.fromISO(day, { zone: 'utc' }).minus({ days: 1 }).toISODate()!;

/**
 * The series' classes on the local days [from, to] (clipped to the series' own dates) that start
 * after `notBefore`: each day's start read as wall time in the location's zone (class-times.ts), so
 * a 07:00 class stays at 07:00 across a DST change; a start inside a spring-forward gap moves on
 * by the gap, as the clocks do.
 */
export function seriesClassRows(series: SeriesRow, zone: string, range: { from: string; to: string }, notBefore: number, createdAt: string): ClassInsert[] {
  const from = range.from > series.starts_on ? range.from : series.starts_on;
  const to = range.to < series.ends_on ? range.to : series.ends_on;
  if (to < from) return [];
  return weeklyStartsInUtc({ weekdays: weekdaysOf(series), start_time: series.start_time, starts_on: from, ends_on: to }, zone)
    .filter((start) => start > notBefore)
    .map((start) => ({
      id: randomUUID(),
      company_id: series.company_id,
      location_id: series.location_id,
      service_id: series.service_id,
      staff_id: series.staff_id,
      room_id: series.room_id,
      series_id: series.id,
      start_at: storedInstant(start),
      end_at: storedInstant(start + series.duration_minutes * 60_000),
      capacity: series.capacity,
      status: 'scheduled' as const,
      created_at: createdAt,
    }));
}

/** Writes classes `classesPerInsert` at a time: one statement stays far below either dialect's parameter limit. */
export async function insertClasses(db: Db, sql: Queryable, rows: readonly ClassInsert[]): Promise<number> {
  for (let i = 0; i < rows.length; i += classesPerInsert) await sql.run(db.qb.insertInto('classes').values(rows.slice(i, i + classesPerInsert)));
  return rows.length;
}

/** The local date of an instant at the location. */
export const localDay = (at: number, zone: string) => DateTime.fromMillis(at, { zone }).toISODate()!;
