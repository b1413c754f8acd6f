import type { TodaySummary } from '@studio/shared/web-app';
import { DateTime } from 'luxon';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation } from '../locations/lookup.js';
import { locationEvents } from './today-events.js';

const shown = 50;

/** The local day at a zone holding `now`, as UTC bounds: 23 or 25 hours long on a DST change. */
export function localDay(now: number, zone: string): { day: string; from: string; to: string } {
  const start = DateTime.fromMillis(now, { zone }).startOf('day');
  return { day: start.toISODate()!, from: start.toUTC().toISO()!, to: start.plus({ days: 1 }).toUTC().toISO()! };
}

/**
 * Today at a location, in its own zone: visits (voided ones left out), refused attempts and unknown
 * cards, counted and the newest 50 listed. `in_now` is null: no door reports exits yet, and a
 * guess from visit lengths would be shown as a fact.
 */
export async function todaySummary(db: Db, actor: Actor, locationId: string, clock: Clock = systemClock): Promise<TodaySummary> {
  const location = await requireLocation(db, db, actor, locationId);
  const { day, from, to } = localDay(clock(), location.timezone);
  const [visits, refused, events] = await Promise.all([
    db.first(
      db.qb
        .selectFrom('visits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('location_id', '=', location.id)
        .where('checked_in_at', '>=', from)
        .where('checked_in_at', '<', to)
        .where('voided_at', 'is', null),
    ),
    db.first(
      db.qb
        .selectFrom('checkin_denials')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('location_id', '=', location.id)
        .where('attempted_at', '>=', from)
        .where('attempted_at', '<', to),
    ),
    locationEvents(db, location.id, { by: 'happened', from, to }, shown),
  ]);
  const newest = events
    .map((row) => row.event)
    .sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)))
    .slice(0, shown);
  return { location_id: location.id, day, checked_in: Number(visits?.n ?? 0), refused: Number(refused?.n ?? 0), in_now: null, events: newest };
}
