import type { Booking } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import { requireContactInReach } from '../locations/reach.js';
import { listZone } from '../locations/list-zone.js';
import { pageInLocations } from '../locations/listing.js';
import { boundary } from '../locations/time-window.js';
import { toBooking } from './bookings-repository.js';

export interface BookingListQuery {
  location_id?: string | undefined;
  contact_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/**
 * Bookings by start time, earliest first; `from` includes bookings starting on or after, `to`
 * before. A contact asked for must be within the actor's reach.
 */
export async function listBookings(db: Db, actor: Actor, query: BookingListQuery, cursors: CursorCodec): Promise<{ data: Booking[]; next_cursor: string | null }> {
  if (query.contact_id !== undefined) await requireContactInReach(db, db, actor, query.contact_id, 'contact_id');
  const zone = await listZone(db, actor, query.location_id);
  const from = query.from === undefined ? undefined : boundary(query.from, zone, 'from');
  const to = query.to === undefined ? undefined : boundary(query.to, zone, 'to');
  const page = await pageInLocations(
    db,
    actor,
    cursors,
    'bookings',
    query,
    (locations) => {
      let q = db.qb.selectFrom('bookings').selectAll().where('company_id', '=', actor.companyId);
      if (locations) q = q.where('location_id', 'in', locations);
      if (query.contact_id !== undefined) q = q.where('contact_id', '=', query.contact_id);
      if (from !== undefined) q = q.where('start_at', '>=', from);
      if (to !== undefined) q = q.where('start_at', '<', to);
      return q;
    },
    { first: 'start_at', second: 'id' },
  );
  return { data: page.data.map(toBooking), next_cursor: page.next_cursor };
}
