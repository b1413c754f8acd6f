import type { Booking } from '@studio/shared';
import type { HandlerContext } from '../../http/route.js';
import { pageInLocations } from '../../http/listing.js';
import { listZone } from '../locations/list-zone.js';
import { boundary } from '../members/time-window.js';
import { toBooking } from './bookings-repository.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;
interface ListQuery {
  location_id?: string | undefined;
  contact_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Bookings by start time, earliest first; `from` includes bookings starting on or after, `to` before. */
export async function listBookings(ctx: Ctx, query: ListQuery): Promise<{ data: Booking[]; next_cursor: string | null }> {
  const zone = await listZone(ctx, query.location_id);
  const from = query.from === undefined ? undefined : boundary(query.from, zone, 'from');
  const to = query.to === undefined ? undefined : boundary(query.to, zone, 'to');
  const page = await pageInLocations(
    ctx,
    'bookings',
    query,
    (locations) => {
      let q = ctx.db.qb.selectFrom('bookings').selectAll().where('company_id', '=', ctx.auth.companyId);
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
