import type { TimetableOptions, WeekTimetable } from '@studio/shared/schemas/web-classes';
import { DateTime } from 'luxon';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { classSummaries, toClassSummary } from './class-repository.js';
import { requireLocation } from '../locations/lookup.js';

/** The Monday (local) of the week holding `day`, or of today at the location. */
export function mondayOf(day: string | undefined, zone: string, now: number): DateTime {
  const date = day === undefined ? DateTime.fromMillis(now, { zone }) : DateTime.fromISO(day, { zone });
  return date.startOf('day').minus({ days: date.weekday - 1 });
}

/** "Clocks change on Sunday 29 March (GMT to BST): every time is local." when the week holds a change. */
function dstNote(monday: DateTime): string | null {
  for (let i = 0; i < 7; i += 1) {
    const day = monday.plus({ days: i });
    const next = day.plus({ days: 1 });
    if (day.offset !== next.offset) {
      return `Clocks change on ${day.toFormat('cccc d LLLL')} (${day.offsetNameShort ?? day.toFormat('ZZ')} to ${next.offsetNameShort ?? next.toFormat('ZZ')}): every time shown is local.`;
    }
  }
  return null;
}

/** A location's week, Monday to Sunday in its zone, each day's classes earliest first, cancelled ones included. */
export async function weekTimetable(db: Db, actor: Actor, locationId: string, week: string | undefined, clock: Clock = systemClock): Promise<WeekTimetable> {
  const now = clock();
  const location = await requireLocation(db, db, actor, locationId);
  const zone = location.timezone;
  const monday = mondayOf(week, zone, now);
  const nextMonday = monday.plus({ weeks: 1 });
  const rows = await db.all(
    classSummaries(db, actor.companyId, toIso(now))
      .where('c.location_id', '=', location.id)
      .where('c.start_at', '>=', toIso(monday.toMillis()))
      .where('c.start_at', '<', toIso(nextMonday.toMillis()))
      .orderBy('c.start_at')
      .orderBy('c.id'),
  );
  const extras = rows.length
    ? await db.all(
        db.qb
          .selectFrom('classes as c')
          .leftJoin('rooms as r', 'r.id', 'c.room_id')
          .select(['c.id', 'c.series_id', 'r.name as room_name'])
          .where(
            'c.id',
            'in',
            rows.map((row) => row.id),
          ),
      )
    : [];
  const extraOf = new Map(extras.map((row) => [row.id, row]));
  const days = Array.from({ length: 7 }, (_, i) => ({ date: monday.plus({ days: i }).toISODate()!, classes: [] as WeekTimetable['days'][number]['classes'] }));
  for (const row of rows) {
    const day = DateTime.fromISO(row.start_at, { zone }).toISODate()!;
    const extra = extraOf.get(row.id);
    days.find((d) => d.date === day)?.classes.push({ ...toClassSummary(row), series_id: extra?.series_id ?? null, room_name: extra?.room_name ?? null });
  }
  return {
    location: { id: location.id, name: location.name, time_zone: zone },
    week_start: monday.toISODate()!,
    week_end: nextMonday.minus({ days: 1 }).toISODate()!,
    dst_note: dstNote(monday),
    days,
  };
}

/** What the series and class forms offer at a location: its class services, the company's instructors, its rooms. */
export async function timetableOptions(db: Db, actor: Actor, locationId: string): Promise<TimetableOptions> {
  const location = await requireLocation(db, db, actor, locationId);
  const services = await db.all(
    db.qb
      .selectFrom('services')
      .select(['id', 'name', 'duration_minutes'])
      .where('company_id', '=', actor.companyId)
      .where('location_id', '=', location.id)
      .where('kind', '=', 'class')
      .orderBy('name'),
  );
  const listed = services.length
    ? await db.all(
        db.qb
          .selectFrom('service_staff')
          .select(['service_id', 'staff_id'])
          .where(
            'service_id',
            'in',
            services.map((s) => s.id),
          ),
      )
    : [];
  const staff = await db.all(db.qb.selectFrom('staff').select(['id', 'first_name', 'last_name']).where('company_id', '=', actor.companyId).orderBy('first_name').orderBy('last_name'));
  const rooms = await db.all(db.qb.selectFrom('rooms').select(['id', 'name']).where('location_id', '=', location.id).orderBy('name'));
  return {
    services: services.map((s) => ({ ...s, staff_ids: listed.filter((l) => l.service_id === s.id).map((l) => l.staff_id) })),
    instructors: staff.map((t) => ({ id: t.id, name: [t.first_name, t.last_name].filter(Boolean).join(' ') })),
    rooms,
  };
}
