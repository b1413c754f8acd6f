import { ApiError } from '@studio/shared';
import type { SeriesEnd, SeriesEndResult, SeriesExtend, SeriesExtendResult, SeriesUpdate, SeriesUpdateResult } from '@studio/shared/schemas/web-classes';
import { DateTime } from 'luxon';
import { lockRows } from '../../db/row-locks.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { cancelLockedClass } from './admin.js';
import { storedInstant } from './class-times.js';
import { lockClass, spotHolding, type ClassRow } from './class-repository.js';
import { checkInstructor } from './placement.js';
import { checkSeriesSpan, dayAfter, dayBefore, insertClasses, localDay, seriesClassRows, type SeriesRow } from './series-classes.js';
import { lockSeries, seriesView } from './series.js';
import { fillFreedSpots } from './waitlist.js';
import { requireTimetableRole } from './timetable-roles.js';

/**
 * Editing, ending and extending a weekly series. Each touches only the series' classes still
 * ahead (a class that has started is history) and can run as a dry run that answers the same
 * counts and changes nothing, so the web app shows "affects 12 classes, 31 bookings" before the
 * owner applies it.
 */

type FutureClass = ClassRow & { booked: number; history: number };

/**
 * The series' classes starting after `now`, locked (so their bookings hold still while the change is
 * decided), each with its spots held and whether anything ever referred to it.
 */
async function futureClasses(db: Db, sql: Queryable, seriesId: string, now: number): Promise<FutureClass[]> {
  const ids = await sql.all(db.qb.selectFrom('classes').select('id').where('series_id', '=', seriesId).where('start_at', '>', toIso(now)));
  await lockRows(sql, { class: ids.map((row) => row.id) });
  const rows = await sql.all(
    db.qb
      .selectFrom('classes as c')
      .selectAll('c')
      .select((eb) => [
        eb
          .selectFrom('class_attendees as a')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('a.class_id', '=', 'c.id')
          .where('a.status', 'in', [...spotHolding])
          .as('booked'),
        eb.selectFrom('class_attendees as h').select(eb.fn.countAll<number>().as('n')).whereRef('h.class_id', '=', 'c.id').as('attendees'),
        eb.selectFrom('class_waitlist as w').select(eb.fn.countAll<number>().as('n')).whereRef('w.class_id', '=', 'c.id').as('waitlisted'),
        eb.selectFrom('visits as v').select(eb.fn.countAll<number>().as('n')).whereRef('v.class_id', '=', 'c.id').as('visits'),
      ])
      .where('c.series_id', '=', seriesId)
      .where('c.start_at', '>', toIso(now))
      .orderBy('c.start_at')
      .orderBy('c.id'),
  );
  return rows.map(({ booked, attendees, waitlisted, visits, ...cls }) => ({
    ...cls,
    booked: Number(booked ?? 0),
    history: Number(attendees ?? 0) + Number(waitlisted ?? 0) + Number(visits ?? 0),
  }));
}

const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
const localTime = (at: string, zone: string) => DateTime.fromISO(at, { zone }).toFormat('HH:mm');

interface PlannedChange {
  cls: FutureClass;
  set: Partial<Pick<ClassRow, 'staff_id' | 'room_id' | 'capacity' | 'start_at' | 'end_at'>>;
}

/**
 * Changes a series' instructor, room, capacity, start time or duration, for the series and each
 * class ahead. A class keeps a value that was edited on it singly (it no longer equals the series'
 * old value): a substitute instructor booked for one date survives a series edit. A class keeps
 * its capacity when more spots are booked than the new capacity, and its time when the new time
 * would already have passed; each such class is listed in `kept` with the reason. Bookings move
 * with their class. A capacity rise then gives the new spots to each class's waitlist.
 */
export async function updateSeries(db: Db, actor: Actor, id: string, change: SeriesUpdate, clock: Clock = systemClock): Promise<SeriesUpdateResult> {
  requireTimetableRole(actor);
  const now = clock();
  const dryRun = change.dry_run === true;
  const raised: string[] = [];
  const result = await db.transaction(async (sql) => {
    const { series, location } = await lockSeries(db, sql, actor, id);
    const zone = location.timezone;
    const next: SeriesRow = {
      ...series,
      staff_id: change.staff_id === undefined ? series.staff_id : change.staff_id,
      room_id: change.room_id === undefined ? series.room_id : change.room_id,
      capacity: change.capacity ?? series.capacity,
      start_time: change.start_time ?? series.start_time,
      duration_minutes: change.duration_minutes ?? series.duration_minutes,
    };
    if (next.staff_id !== null && next.staff_id !== series.staff_id) {
      const service = (await sql.first(db.qb.selectFrom('services').select(['id', 'name']).where('id', '=', series.service_id)))!;
      await checkInstructor(db, sql, actor.companyId, service, next.staff_id);
    }
    if (next.room_id !== null && next.room_id !== series.room_id) {
      const room = await sql.first(db.qb.selectFrom('rooms').select('id').where('id', '=', next.room_id).where('location_id', '=', location.id));
      if (!room) throw new ApiError('resource_missing', `No room ${next.room_id} at ${location.name}.`, { param: 'room_id' });
    }
    const retime = next.start_time !== series.start_time || next.duration_minutes !== series.duration_minutes;
    const classes = await futureClasses(db, sql, id, now);
    const kept: SeriesUpdateResult['kept'] = [];
    const planned: PlannedChange[] = [];
    for (const cls of classes.filter((candidate) => candidate.status === 'scheduled')) {
      const set: PlannedChange['set'] = {};
      const reasons: string[] = [];
      const field = (key: 'staff_id' | 'room_id' | 'capacity', label: string) => {
        const [was, will, own]: unknown[] = [series[key], next[key], cls[key]];
        if (will === was) return;
        if (own !== was) reasons.push(`its ${label} was changed on this class alone`);
        else if (key === 'capacity' && next.capacity < cls.booked) reasons.push(`${cls.booked} spots are booked, more than the new capacity`);
        else Object.assign(set, { [key]: will });
      };
      field('staff_id', 'instructor');
      field('room_id', 'room');
      field('capacity', 'capacity');
      if (retime) {
        const ownTime = localTime(cls.start_at, zone) !== series.start_time || minutesBetween(cls.start_at, cls.end_at) !== series.duration_minutes;
        const start = DateTime.fromISO(`${localDay(Date.parse(cls.start_at), zone)}T${next.start_time}`, { zone });
        if (ownTime) reasons.push('its time was changed on this class alone');
        else if (start.toMillis() <= now) reasons.push('the new time has already passed');
        else Object.assign(set, { start_at: storedInstant(start), end_at: storedInstant(start.plus({ minutes: next.duration_minutes })) });
      }
      if (Object.keys(set).length > 0) planned.push({ cls, set });
      if (reasons.length > 0) kept.push({ class_id: cls.id, start: cls.start_at, reason: reasons.join('; ') });
    }
    if (!dryRun) {
      await sql.run(
        db.qb
          .updateTable('class_series')
          .set({ staff_id: next.staff_id, room_id: next.room_id, capacity: next.capacity, start_time: next.start_time, duration_minutes: next.duration_minutes })
          .where('id', '=', id),
      );
      for (const { cls, set } of planned) {
        await sql.run(db.qb.updateTable('classes').set(set).where('id', '=', cls.id));
        if (set.capacity !== undefined && set.capacity > cls.capacity) raised.push(cls.id);
      }
    }
    return {
      dry_run: dryRun,
      sessions: planned.length,
      bookings: planned.reduce((sum, p) => sum + p.cls.booked, 0),
      kept,
      series: await seriesView(db, sql, actor.companyId, id, now),
    };
  });
  // Each class's new spots go to its waitlist in a transaction of its own: one transaction locking
  // the waiting contacts of many classes would take contacts out of id order (row-locks.ts).
  for (const classId of raised) await fillClass(db, actor, classId, now);
  return result;
}

async function fillClass(db: Db, actor: Actor, classId: string, now: number): Promise<void> {
  await db.transaction(async (sql) => {
    const cls = await lockClass(db, sql, classId);
    const location = (await sql.first(
      db.qb
        .selectFrom('locations')
        .select(['id', 'company_id', 'name', 'slug', 'timezone', 'country', 'address', 'settings'])
        .where('id', '=', cls.location_id)
        .where('company_id', '=', actor.companyId),
    ))!;
    await fillFreedSpots(db, sql, cls, location, now);
  });
}

/**
 * Ends a series from a local day on (`from`, today or later): the series then ends the day before.
 * Its classes from that day on are removed when nothing ever referred to them (no booking, no
 * waitlist entry, no visit); a class with a booking or a waitlist is cancelled instead, its spots
 * released excused (no credit used) and its waitlist ended, exactly as cancelling one class does,
 * so `classes restore` can still bring one back. Classes already held are untouched.
 */
export async function endSeries(db: Db, actor: Actor, id: string, input: SeriesEnd, clock: Clock = systemClock): Promise<SeriesEndResult> {
  requireTimetableRole(actor);
  const now = clock();
  const dryRun = input.dry_run === true;
  return db.transaction(async (sql) => {
    const { series, location } = await lockSeries(db, sql, actor, id);
    const today = localDay(now, location.timezone);
    if (input.from < today) throw new ApiError('invalid_param', `Choose today (${today}) or a later day: classes already held stay as they were.`, { param: 'from' });
    if (input.from > series.ends_on) throw new ApiError('invalid_param', `The series already ends on ${series.ends_on}; to run it longer, extend it.`, { param: 'from' });
    const fromInstant = DateTime.fromISO(input.from, { zone: location.timezone }).startOf('day').toMillis();
    const ending = (await futureClasses(db, sql, id, now)).filter((cls) => Date.parse(cls.start_at) >= fromInstant);
    const removed = ending.filter((cls) => cls.history === 0);
    const cancelled = ending.filter((cls) => cls.history > 0 && cls.status === 'scheduled');
    let released = 0;
    if (!dryRun) {
      for (const cls of cancelled) released += await cancelLockedClass(db, sql, cls, now);
      const ids = removed.map((cls) => cls.id);
      for (let i = 0; i < ids.length; i += 200) await sql.run(db.qb.deleteFrom('classes').where('id', 'in', ids.slice(i, i + 200)));
      await sql.run(
        db.qb
          .updateTable('class_series')
          .set({ ends_on: dayBefore(input.from) })
          .where('id', '=', id),
      );
    } else {
      released = cancelled.reduce((sum, cls) => sum + cls.booked, 0);
    }
    return { dry_run: dryRun, removed: removed.length, cancelled: cancelled.length, bookings_released: released, series: await seriesView(db, sql, actor.companyId, id, now) };
  });
}

/**
 * Runs a series longer: `ends_on` moves later and the classes of the new days are written, in the
 * location's zone, in chunks (series-classes.ts). At most `maxSeriesYears` from its first day.
 */
export async function extendSeries(db: Db, actor: Actor, id: string, input: SeriesExtend, clock: Clock = systemClock): Promise<SeriesExtendResult> {
  requireTimetableRole(actor);
  const now = clock();
  const dryRun = input.dry_run === true;
  return db.transaction(async (sql) => {
    const { series, location } = await lockSeries(db, sql, actor, id);
    if (input.ends_on <= series.ends_on) throw new ApiError('invalid_param', `The series already runs until ${series.ends_on}; choose a later day, or end it to stop it sooner.`, { param: 'ends_on' });
    checkSeriesSpan(series.starts_on, input.ends_on);
    const rows = seriesClassRows({ ...series, ends_on: input.ends_on }, location.timezone, { from: dayAfter(series.ends_on), to: input.ends_on }, now, toIso(now));
    if (!dryRun) {
      await sql.run(db.qb.updateTable('class_series').set({ ends_on: input.ends_on }).where('id', '=', id));
      await insertClasses(db, sql, rows);
    }
    return { dry_run: dryRun, classes_created: rows.length, series: await seriesView(db, sql, actor.companyId, id, now) };
  });
}
