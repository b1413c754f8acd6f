import { randomUUID } from 'node:crypto';
import { ApiError, fullName } from '@studio/shared';
import type { SeriesCreate, SeriesCreated, SeriesView } from '@studio/shared/schemas/web-classes';
import { lockRows } from '../../db/row-locks.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { assertLocationAllowed, requireLocation, type LocationRow } from '../locations/lookup.js';
import { checkPlacement } from './placement.js';
import { checkSeriesSpan, insertClasses, localDay, seriesClassRows, type SeriesRow } from './series-classes.js';
import { requireTimetableRole } from './timetable-roles.js';

/**
 * Weekly class series, the owner's and manager's timetable (the API reads classes, never writes
 * them): a series is local wall time plus weekdays at a location, and its classes are rows of their
 * own, written when the series is created or extended (series-classes.ts). Editing, ending and
 * extending are series-change.ts. Every change runs in one transaction under the series lock.
 */

const nameOf = (first: string | null, last: string | null) => (first === null ? null : fullName({ first_name: first, last_name: last }));

function seriesViews(db: Db, companyId: string, nowIso: string) {
  return db.qb
    .selectFrom('class_series as cs')
    .innerJoin('services as s', 's.id', 'cs.service_id')
    .leftJoin('staff as t', 't.id', 'cs.staff_id')
    .leftJoin('rooms as r', 'r.id', 'cs.room_id')
    .selectAll('cs')
    .select((eb) => [
      's.name as service_name',
      't.first_name as staff_first_name',
      't.last_name as staff_last_name',
      'r.name as room_name',
      eb.selectFrom('classes as c').select(eb.fn.countAll<number>().as('n')).whereRef('c.series_id', '=', 'cs.id').where('c.status', '=', 'scheduled').where('c.start_at', '>', nowIso).as('upcoming'),
    ])
    .where('cs.company_id', '=', companyId);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof seriesViews>['execute']>>[number];

function toView(row: ViewRow): SeriesView {
  return {
    id: row.id,
    location_id: row.location_id,
    service_id: row.service_id,
    service_name: row.service_name,
    staff_id: row.staff_id,
    staff_name: nameOf(row.staff_first_name, row.staff_last_name),
    room_id: row.room_id,
    room_name: row.room_name,
    weekdays: JSON.parse(row.weekdays) as number[],
    start_time: row.start_time,
    duration_minutes: row.duration_minutes,
    capacity: row.capacity,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    upcoming_classes: Number(row.upcoming ?? 0),
  };
}

export async function seriesView(db: Db, sql: Queryable, companyId: string, id: string, now: number): Promise<SeriesView> {
  return toView((await sql.first(seriesViews(db, companyId, toIso(now)).where('cs.id', '=', id)))!);
}

/** The series at a location the actor works at, latest-ending last, by start time. */
export async function listSeries(db: Db, actor: Actor, locationId: string, clock: Clock = systemClock): Promise<SeriesView[]> {
  const location = await requireLocation(db, db, actor, locationId);
  const rows = await db.all(seriesViews(db, actor.companyId, toIso(clock())).where('cs.location_id', '=', location.id).orderBy('cs.ends_on').orderBy('cs.start_time').orderBy('cs.id'));
  return rows.map(toView);
}

/**
 * A series of the actor's company, locked (server/src/db/row-locks.ts) before it is read, with its
 * location: another company's is 404, one outside the actor's locations 403.
 */
export async function lockSeries(db: Db, sql: Queryable, actor: Actor, id: string): Promise<{ series: SeriesRow; location: LocationRow }> {
  await lockRows(sql, { series: id });
  const series = await sql.first(db.qb.selectFrom('class_series').selectAll().where('id', '=', id).where('company_id', '=', actor.companyId));
  if (!series) throw new ApiError('resource_missing', `No class series ${id} in this business.`, { param: 'id' });
  assertLocationAllowed(actor, series.location_id, 'id');
  const location = await requireLocation(db, sql, actor, series.location_id, 'id');
  return { series, location };
}

/**
 * Creates a weekly series and its classes from `starts_on` to `ends_on` in the location's zone;
 * days already past (or today's start already gone) get no class. At most `maxSeriesYears` long.
 */
export async function createSeries(db: Db, actor: Actor, input: SeriesCreate, clock: Clock = systemClock): Promise<SeriesCreated> {
  requireTimetableRole(actor);
  const now = clock();
  checkSeriesSpan(input.starts_on, input.ends_on);
  return db.transaction(async (sql) => {
    const placed = await checkPlacement(db, sql, actor, input);
    const series: SeriesRow = {
      id: randomUUID(),
      company_id: actor.companyId,
      location_id: placed.location.id,
      service_id: placed.service.id,
      staff_id: placed.staffId,
      room_id: placed.roomId,
      weekdays: JSON.stringify([...input.weekdays].sort((a, b) => a - b)),
      start_time: input.start_time,
      duration_minutes: input.duration_minutes ?? placed.service.duration_minutes,
      capacity: input.capacity,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      created_at: toIso(now),
    };
    if (input.ends_on < localDay(now, placed.location.timezone)) {
      throw new ApiError('invalid_param', `The series would end on ${input.ends_on}, a day already past at ${placed.location.name}; choose a later end date.`, { param: 'ends_on' });
    }
    await sql.run(db.qb.insertInto('class_series').values(series));
    const rows = seriesClassRows(series, placed.location.timezone, { from: series.starts_on, to: series.ends_on }, now, series.created_at);
    if (rows.length === 0) throw new ApiError('invalid_param', 'No class falls on the chosen weekdays between the start and end dates; widen the dates or add a weekday.', { param: 'weekdays' });
    const created = await insertClasses(db, sql, rows);
    return { ...(await seriesView(db, sql, actor.companyId, series.id, now)), classes_created: created };
  });
}
