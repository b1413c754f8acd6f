import { createHash, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/types.js';
import { storedInstant, weeklyStartsInUtc } from '../classes/class-times.js';
import { lastAllowedDay } from '../classes/series-classes.js';

interface Piece {
  seriesId: string;
  startsOn: string;
  endsOn: string;
}

/**
 * The days [from, target] a carried series must now cover, in pieces no series may exceed: the
 * series itself up to its last allowed day, then new series of at most `maxSeriesYears` each.
 */
function piecesOf(row: { id: string; starts_on: string }, from: string, target: string): Piece[] {
  const pieces: Piece[] = [];
  const dayAfter = (day: string) => DateTime.fromISO(day, { zone: 'utc' }).plus({ days: 1 }).toISODate()!;
  let cursor = from;
  const ownLast = lastAllowedDay(row.starts_on);
  if (ownLast >= from) {
    const endsOn = target < ownLast ? target : ownLast;
    pieces.push({ seriesId: row.id, startsOn: from, endsOn });
    cursor = dayAfter(endsOn);
  }
  while (cursor <= target) {
    const last = lastAllowedDay(cursor);
    const endsOn = target < last ? target : last;
    pieces.push({ seriesId: continuationId(row.id, cursor), startsOn: cursor, endsOn });
    cursor = dayAfter(endsOn);
  }
  return pieces;
}

/** The id of the series that continues `seriesId` from `from`: the same in every process, so two starts make one. */
function continuationId(seriesId: string, from: string): string {
  const hex = createHash('sha256').update(`demo series ${seriesId} from ${from}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** How far ahead of now the demo's weekly classes always reach: past the 7 days `GET /v1/classes` shows by default. */
export const demoTimetableWeeks = 8;

export interface DemoTimetable {
  /** The last day the carried-forward series now run to (ISO date), or null when the company has no series. */
  endsOn: string | null;
  classesAdded: number;
}

/**
 * The demo file's weekly series end on a fixed date (a series in the import format spans at most
 * a year), so a demo started after it would show an empty timetable. On every start the demo's
 * latest series (those ending on the company's last series date) are carried forward to
 * `demoTimetableWeeks` weeks after `now`, in each location's zone: `ends_on` moves and the new
 * weeks' classes are written as the import writes a series' classes. Classes never move and old
 * ones stay, so a restart changes nothing until the horizon has moved on by a day. A series runs at
 * most `maxSeriesYears` from its first day, as everywhere else (an export must import again): one
 * that would run longer stays as it is, and a new series with its weekdays, time and place
 * continues it from the next day.
 */
export async function extendDemoTimetable(db: Db, companyId: string, now = Date.now()): Promise<DemoTimetable> {
  const series = await db.all(
    db.qb
      .selectFrom('class_series')
      .innerJoin('locations', 'locations.id', 'class_series.location_id')
      .selectAll('class_series')
      .select('locations.timezone')
      .where('class_series.company_id', '=', companyId),
  );
  const lastDay = series
    .map((row) => row.ends_on)
    .sort()
    .at(-1);
  if (lastDay === undefined) return { endsOn: null, classesAdded: 0 };
  const carried = series.filter((candidate) => candidate.ends_on === lastDay);
  // One end date for all of them (the latest local date among their zones), so they stay the last ones next time.
  const target = carried
    .map((row) => DateTime.fromMillis(now, { zone: row.timezone }).plus({ weeks: demoTimetableWeeks }).toISODate()!)
    .sort()
    .at(-1)!;
  if (target <= lastDay) return { endsOn: lastDay, classesAdded: 0 };
  let classesAdded = 0;
  for (const row of carried) {
    const created_at = new Date(now).toISOString();
    const pieces = piecesOf(row, DateTime.fromISO(row.ends_on, { zone: 'utc' }).plus({ days: 1 }).toISODate()!, target);
    const classesOf = (piece: Piece) =>
      weeklyStartsInUtc({ weekdays: JSON.parse(row.weekdays) as number[], start_time: row.start_time, starts_on: piece.startsOn, ends_on: piece.endsOn }, row.timezone).map((start) => ({
        id: randomUUID(),
        company_id: companyId,
        location_id: row.location_id,
        service_id: row.service_id,
        staff_id: row.staff_id,
        room_id: row.room_id,
        series_id: piece.seriesId,
        start_at: storedInstant(start),
        end_at: storedInstant(start + row.duration_minutes * 60_000),
        capacity: row.capacity,
        status: 'scheduled' as const,
        created_at,
      }));
    const write = () =>
      db.transaction(async () => {
        let written = 0;
        for (const piece of pieces) {
          // Two processes starting on one Postgres: only the one that moves `ends_on` (or makes a
          // continuing series, whose id both would give it) writes the classes.
          if (piece.seriesId === row.id) {
            const moved = await db.run(db.qb.updateTable('class_series').set({ ends_on: piece.endsOn }).where('id', '=', row.id).where('ends_on', '=', row.ends_on));
            if (moved === 0) return 0;
          } else {
            const { timezone: _zone, ...fields } = row;
            await db.run(db.qb.insertInto('class_series').values({ ...fields, id: piece.seriesId, starts_on: piece.startsOn, ends_on: piece.endsOn, created_at }));
          }
          const rows = classesOf(piece);
          for (let i = 0; i < rows.length; i += 200) await db.run(db.qb.insertInto('classes').values(rows.slice(i, i + 200)));
          written += rows.length;
        }
        return written;
      });
    classesAdded += await write().catch((error: unknown) => {
      if (isUniqueViolation(error)) return 0;
      throw error;
    });
  }
  return { endsOn: target, classesAdded };
}
