import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Db } from '../../db/types.js';
import { storedInstant, weeklyStartsInUtc } from '../classes/class-times.js';

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
 * ones stay, so a restart changes nothing until the horizon has moved on by a day.
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
    const from = DateTime.fromISO(row.ends_on, { zone: 'utc' }).plus({ days: 1 }).toISODate()!;
    const starts = weeklyStartsInUtc({ weekdays: JSON.parse(row.weekdays) as number[], start_time: row.start_time, starts_on: from, ends_on: target }, row.timezone);
    const created_at = new Date(now).toISOString();
    const rows = starts.map((start) => ({
      id: randomUUID(),
      company_id: companyId,
      location_id: row.location_id,
      service_id: row.service_id,
      staff_id: row.staff_id,
      room_id: row.room_id,
      series_id: row.id,
      start_at: storedInstant(start),
      end_at: storedInstant(start + row.duration_minutes * 60_000),
      capacity: row.capacity,
      status: 'scheduled' as const,
      created_at,
    }));
    const added = await db.transaction(async () => {
      // Two processes starting on one Postgres: only the one that moves `ends_on` writes the classes.
      const moved = await db.run(db.qb.updateTable('class_series').set({ ends_on: target }).where('id', '=', row.id).where('ends_on', '=', row.ends_on));
      if (moved === 0) return 0;
      for (let i = 0; i < rows.length; i += 200) await db.run(db.qb.insertInto('classes').values(rows.slice(i, i + 200)));
      return rows.length;
    });
    classesAdded += added;
  }
  return { endsOn: target, classesAdded };
}
