import { randomUUID } from 'node:crypto';
import { ApiError, weekdayNames } from '@studio/shared';
import type { Insertable } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { toIso } from '../../clock/time.js';
import { locationOf } from '../locations/repository.js';
import type { Span, TimeOffInput, WeeklyHours } from './schedule-input.js';

/**
 * A staff member's schedule at a location: weekly hours, date overrides that replace them on one
 * local date, and time off. Inputs arrive validated by the schemas of schedule-input.ts; these
 * functions check that every id belongs to the actor's company, and a location is one of the actor's.
 */

async function staffOf(db: Db, actor: Actor, staffId: string) {
  const staff = await db.first(db.qb.selectFrom('staff').select('id').where('id', '=', staffId).where('company_id', '=', actor.companyId));
  if (!staff) throw new ApiError('resource_missing', `No staff member ${staffId} in this company.`, { param: 'staff' });
}

/** Both ids checked, so a staff member of one company is never scheduled at another's location. */
async function staffAndLocation(db: Db, actor: Actor, staffId: string, locationId: string) {
  await staffOf(db, actor, staffId);
  await locationOf(db, actor, locationId);
}

/** Every weekday, in order, with its spans sorted; a day not worked is an empty list. */
export async function weeklyHours(db: Db, actor: Actor, staffId: string, locationId: string): Promise<Required<WeeklyHours>> {
  await staffAndLocation(db, actor, staffId, locationId);
  return readWeeklyHours(db, staffId, locationId);
}

async function readWeeklyHours(db: Db, staffId: string, locationId: string): Promise<Required<WeeklyHours>> {
  const rows = await db.all(
    db.qb.selectFrom('staff_hours').select(['weekday', 'start_time', 'end_time']).where('staff_id', '=', staffId).where('location_id', '=', locationId).orderBy('weekday').orderBy('start_time'),
  );
  const hours = Object.fromEntries(weekdayNames.map((day) => [day, [] as Span[]])) as Required<WeeklyHours>;
  for (const row of rows) hours[weekdayNames[row.weekday - 1]!].push({ start: row.start_time, end: row.end_time });
  return hours;
}

/** Replaces every weekly span of the staff member at the location, in one transaction. */
export async function replaceWeeklyHours(db: Db, actor: Actor, staffId: string, locationId: string, hours: WeeklyHours) {
  await staffAndLocation(db, actor, staffId, locationId);
  const rows = weekdayNames.flatMap((day, index) =>
    (hours[day] ?? []).map((span) => ({ id: randomUUID(), staff_id: staffId, location_id: locationId, weekday: index + 1, start_time: span.start, end_time: span.end })),
  );
  await db.transaction(async (tx) => {
    await tx.run(db.qb.deleteFrom('staff_hours').where('staff_id', '=', staffId).where('location_id', '=', locationId));
    if (rows.length) await tx.run(db.qb.insertInto('staff_hours').values(rows));
  });
  return readWeeklyHours(db, staffId, locationId);
}

/**
 * The rows of one override date: a row per span, or one row without times for a day off, so
 * "off" and "no override" stay different things.
 */
export function overrideRows(staffId: string, locationId: string, date: string, spans: Span[]): Insertable<Tables['staff_overrides']>[] {
  const row = (start: string | null, end: string | null) => ({ id: randomUUID(), staff_id: staffId, location_id: locationId, date, start_time: start, end_time: end });
  return spans.length === 0 ? [row(null, null)] : sortedSpans(spans).map((span) => row(span.start, span.end));
}

function sortedSpans(spans: Span[]): Span[] {
  return [...spans].sort((a, b) => a.start.localeCompare(b.start));
}

/** Replaces the staff member's override of that local date at the location; no spans: a day off. */
export async function replaceOverride(db: Db, actor: Actor, staffId: string, locationId: string, date: string, spans: Span[]) {
  await staffAndLocation(db, actor, staffId, locationId);
  await db.transaction(async (tx) => {
    await tx.run(overrideOf(db, staffId, locationId, date));
    await tx.run(db.qb.insertInto('staff_overrides').values(overrideRows(staffId, locationId, date, spans)));
  });
  return { staff_id: staffId, location_id: locationId, date, day_off: spans.length === 0, spans: sortedSpans(spans) };
}

/** Removes the override of that date, so the weekly hours apply again; `removed` is false when there was none. */
export async function clearOverride(db: Db, actor: Actor, staffId: string, locationId: string, date: string) {
  await staffAndLocation(db, actor, staffId, locationId);
  const removed = await db.run(overrideOf(db, staffId, locationId, date));
  return { staff_id: staffId, location_id: locationId, date, removed: removed > 0 };
}

function overrideOf(db: Db, staffId: string, locationId: string, date: string) {
  return db.qb.deleteFrom('staff_overrides').where('staff_id', '=', staffId).where('location_id', '=', locationId).where('date', '=', date);
}

/** The stored row of a time off entry: instants in UTC. */
export function timeOffRow(staffId: string, input: TimeOffInput) {
  return { id: randomUUID(), staff_id: staffId, start_at: toIso(Date.parse(input.start)), end_at: toIso(Date.parse(input.end)), reason: input.reason ?? null };
}

export async function addTimeOff(db: Db, actor: Actor, staffId: string, input: TimeOffInput) {
  await staffOf(db, actor, staffId);
  const row = timeOffRow(staffId, input);
  await db.run(db.qb.insertInto('staff_time_off').values(row));
  return row;
}

/** Removes a time off entry of the company; answers the removed row. */
export async function removeTimeOff(db: Db, actor: Actor, timeOffId: string) {
  const row = await db.first(
    db.qb
      .selectFrom('staff_time_off')
      .innerJoin('staff', 'staff.id', 'staff_time_off.staff_id')
      .select(['staff_time_off.id', 'staff_time_off.staff_id', 'staff_time_off.start_at', 'staff_time_off.end_at', 'staff_time_off.reason'])
      .where('staff_time_off.id', '=', timeOffId)
      .where('staff.company_id', '=', actor.companyId),
  );
  if (!row) throw new ApiError('resource_missing', `No time off ${timeOffId} in this company.`, { param: 'time_off' });
  await db.run(db.qb.deleteFrom('staff_time_off').where('id', '=', timeOffId));
  return row;
}
