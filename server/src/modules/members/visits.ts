import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { cursorScope, type CursorCodec } from '../../pagination/cursor.js';
import { keysetPage } from '../../pagination/keyset.js';
import { requireMembershipInReach } from '../locations/reach.js';
import { boundary } from '../locations/time-window.js';
import { toVisit, visitColumns } from '../visits/visit-view.js';

export interface VisitListQuery {
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** A membership's visits, newest first; `from`/`to` bare dates mean local midnight at its location. */
export async function listVisits(db: Db, actor: Actor, membershipId: string, query: VisitListQuery, cursors: CursorCodec) {
  const membership = await db.first(
    db.qb
      .selectFrom('memberships as m')
      .innerJoin('locations as l', 'l.id', 'm.location_id')
      .select(['m.id', 'm.location_id', 'l.timezone'])
      .where('m.id', '=', membershipId)
      .where('m.company_id', '=', actor.companyId),
  );
  if (!membership) throw new ApiError('resource_missing', `No such membership: ${membershipId}.`, { param: 'id' });
  await requireMembershipInReach(db, db, actor, membershipId, 'id');
  // A voided visit (the door never opened) is kept for the audit trail, not listed.
  let q = db.qb.selectFrom('visits').select(visitColumns).where('membership_id', '=', membershipId).where('voided_at', 'is', null);
  if (query.from !== undefined) q = q.where('checked_in_at', '>=', boundary(query.from, membership.timezone, 'from'));
  if (query.to !== undefined) q = q.where('checked_in_at', '<', boundary(query.to, membership.timezone, 'to'));
  const page = await keysetPage(
    db,
    q,
    { first: 'checked_in_at', second: 'id', descending: true },
    {
      limit: query.limit,
      cursor: query.cursor,
      codec: cursors,
      scope: cursorScope(actor.companyId, 'visits', { ...query, membershipId }),
    },
  );
  return { data: page.rows.map(toVisit), next_cursor: page.next_cursor };
}
