import { fullName } from '@studio/shared';
import type { ClassPage } from '@studio/shared/schemas/web-classes';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { queued } from './class-repository.js';
import { classDetail } from './timetable.js';
import { requireLocation } from '../locations/lookup.js';
import { classRules } from '../locations/settings.js';

/**
 * A class as the roster screen shows it: the API's class (a lapsed waitlist offer passes its spot on
 * first), the full names staff see, whether a cancellation was excused, the waitlist with names,
 * and from when a cancellation counts as late.
 */
export async function classPage(db: Db, actor: Actor, id: string, clock: Clock = systemClock): Promise<ClassPage> {
  const detail = await classDetail(db, actor, id, clock);
  const location = await requireLocation(db, db, actor, detail.location_id, 'id');
  const own = (await db.first(db.qb.selectFrom('classes as c').leftJoin('rooms as r', 'r.id', 'c.room_id').select(['c.series_id', 'r.name as room_name']).where('c.id', '=', id)))!;
  const roster = await db.all(
    db.qb
      .selectFrom('class_attendees as a')
      .innerJoin('contacts as ct', 'ct.id', 'a.contact_id')
      .select(['a.id', 'a.contact_id', 'ct.first_name', 'ct.last_name', 'a.status', 'a.paid_by', 'a.source', 'a.excused', 'a.booked_at', 'a.checked_in_at', 'a.cancelled_at'])
      .where('a.class_id', '=', id)
      .orderBy('a.booked_at')
      .orderBy('a.id'),
  );
  const waitlist = await db.all(
    db.qb
      .selectFrom('class_waitlist as w')
      .innerJoin('contacts as ct', 'ct.id', 'w.contact_id')
      .select(['w.id', 'w.contact_id', 'ct.first_name', 'ct.last_name', 'w.status', 'w.position', 'w.offer_expires_at'])
      .where('w.class_id', '=', id)
      .where('w.status', 'in', [...queued])
      .orderBy('w.position'),
  );
  const { roster: _roster, waitlist: _waitlist, ...summary } = detail;
  return {
    ...summary,
    series_id: own.series_id,
    room_name: own.room_name,
    location_name: location.name,
    time_zone: location.timezone,
    late_cancel_from: toIso(Date.parse(detail.start) - classRules(location).cancellation_window_hours * 3600_000),
    roster: roster.map((row) => ({
      attendee_id: row.id,
      contact_id: row.contact_id,
      name: fullName(row),
      status: row.status,
      paid_by: row.paid_by,
      source: row.source,
      excused: row.excused === 1,
      booked_at: row.booked_at,
      checked_in_at: row.checked_in_at,
      cancelled_at: row.cancelled_at,
    })),
    waitlist: waitlist.map((row) => ({
      waitlist_id: row.id,
      contact_id: row.contact_id,
      name: fullName(row),
      status: row.status as 'waiting' | 'offered',
      position: row.position,
      offer_expires_at: row.offer_expires_at,
    })),
  };
}
