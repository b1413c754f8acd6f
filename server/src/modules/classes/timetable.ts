import { ApiError, displayName, type ClassDetail, type ClassSummary } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import { listZone } from '../locations/list-zone.js';
import { pageInLocations } from '../locations/listing.js';
import { requireLocation } from '../locations/lookup.js';
import { boundary } from '../locations/time-window.js';
import { classSummaries, classSummary, findClass, lockClass, queued, toClassSummary } from './class-repository.js';
import { fillFreedSpots } from './waitlist.js';

const dayMs = 86_400_000;

export interface ClassListQuery {
  location_id?: string | undefined;
  service_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** The timetable, earliest first: classes starting in [from, to), from defaulting to now and to to from + 7 days (at most 31). */
export async function listClasses(db: Db, actor: Actor, query: ClassListQuery, cursors: CursorCodec, clock: Clock = systemClock): Promise<{ data: ClassSummary[]; next_cursor: string | null }> {
  const now = clock();
  const zone = await listZone(db, actor, query.location_id);
  const from = query.from === undefined ? now : Date.parse(boundary(query.from, zone, 'from'));
  const to = query.to === undefined ? from + 7 * dayMs : Date.parse(boundary(query.to, zone, 'to'));
  if (to <= from) throw new ApiError('invalid_param', '`to` must be after `from`.', { param: 'to' });
  if (to - from > 31 * dayMs) throw new ApiError('invalid_param', '`to` may be at most 31 days after `from`.', { param: 'to' });
  // The cursor is bound to the query as given: a default `from` of now moves between pages, the keyset does not.
  const page = await pageInLocations(
    db,
    actor,
    cursors,
    'classes',
    query,
    (locations) => {
      let q = classSummaries(db, actor.companyId, toIso(now)).where('c.start_at', '>=', toIso(from)).where('c.start_at', '<', toIso(to));
      if (locations) q = q.where('c.location_id', 'in', locations);
      if (query.service_id !== undefined) q = q.where('c.service_id', '=', query.service_id);
      return q;
    },
    { first: 'c.start_at', second: 'c.id' },
  );
  return { data: page.data.map(toClassSummary), next_cursor: page.next_cursor };
}

/** A class with its roster (booking order, cancelled spots kept) and its waitlist in queue order. */
export async function classDetail(db: Db, actor: Actor, id: string, clock: Clock = systemClock): Promise<ClassDetail> {
  const now = clock();
  const nowIso = toIso(now);
  const cls = await findClass(db, db, actor, id);
  const lapsed = await db.first(db.qb.selectFrom('class_waitlist').select('id').where('class_id', '=', id).where('status', '=', 'offered').where('offer_expires_at', '<=', nowIso));
  // An offer that lapsed since the last sweep passes its spot on before the roster is shown.
  if (lapsed) {
    await db.transaction(async (sql) => {
      const locked = await lockClass(db, sql, id);
      await fillFreedSpots(db, sql, locked, await requireLocation(db, sql, actor, cls.location_id, 'id'), now);
    });
  }
  const summary = await classSummary(db, db, actor.companyId, id, nowIso);
  const roster = await db.all(
    db.qb
      .selectFrom('class_attendees as a')
      .innerJoin('contacts as ct', 'ct.id', 'a.contact_id')
      .select(['a.id', 'a.contact_id', 'ct.first_name', 'ct.last_name', 'a.status', 'a.paid_by', 'a.source', 'a.booked_at', 'a.checked_in_at', 'a.cancelled_at', 'a.guest_of_contact_id'])
      .where('a.class_id', '=', id)
      .orderBy('a.booked_at')
      .orderBy('a.id'),
  );
  const waitlist = await db.all(
    db.qb
      .selectFrom('class_waitlist')
      .select(['id', 'contact_id', 'status', 'position', 'offer_expires_at'])
      .where('class_id', '=', id)
      .where('status', 'in', [...queued])
      .orderBy('position'),
  );
  return {
    ...summary,
    roster: roster.map(({ id: attendeeId, first_name, last_name, ...entry }) => ({ attendee_id: attendeeId, display_name: displayName(first_name, last_name), ...entry })),
    waitlist: waitlist.map(({ id: waitlistId, ...entry }) => ({ waitlist_id: waitlistId, ...entry })),
  };
}
