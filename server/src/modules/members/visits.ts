import { ApiError, type Visit } from '@studio/shared';
import type { Tables } from '../../db/tables.js';
import type { HandlerContext } from '../../http/route.js';
import { keysetPage } from '../../pagination/keyset.js';
import { cursorScope } from '../../pagination/cursor.js';
import { requireMembershipInReach } from '../../plugins/reach.js';
import { boundary } from './time-window.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;
type VisitRow = Omit<Tables['visits'], 'company_id' | 'recorded_at' | 'counted' | 'voided_at' | 'void_reason'> & { counted?: number };

/** A visit row as the API shows it; a row written without `counted` is counted (the column's default). */
export function toVisit({ offline, flags, counted, ...row }: VisitRow & Partial<Pick<Tables['visits'], 'company_id' | 'recorded_at'>>): Visit {
  const { company_id: _company, recorded_at: _recorded, ...visit } = row;
  return { ...visit, offline: offline === 1, flags: JSON.parse(flags) as Visit['flags'], counted: counted !== 0 };
}

const visitColumns = [
  'id',
  'membership_id',
  'contact_id',
  'location_id',
  'kind',
  'class_id',
  'checked_in_at',
  'source',
  'device_id',
  'resolved_by',
  'offline',
  'flags',
  'plan_name',
  'visits_used',
  'visits_remaining',
  'counted',
] as const;

/** A membership's visits, newest first; `from`/`to` bare dates mean local midnight at its location. */
export async function listVisits(ctx: Ctx, membershipId: string, query: { from?: string | undefined; to?: string | undefined; limit: number; cursor?: string | undefined }) {
  const membership = await ctx.sql.first(
    ctx.db.qb
      .selectFrom('memberships as m')
      .innerJoin('locations as l', 'l.id', 'm.location_id')
      .select(['m.id', 'm.location_id', 'l.timezone'])
      .where('m.id', '=', membershipId)
      .where('m.company_id', '=', ctx.auth.companyId),
  );
  if (!membership) throw new ApiError('resource_missing', `No such membership: ${membershipId}.`, { param: 'id' });
  await requireMembershipInReach(ctx.db, ctx.sql, ctx.auth, membershipId, 'id');
  // A voided visit (the door never opened) is kept for the audit trail, not listed.
  let q = ctx.db.qb.selectFrom('visits').select(visitColumns).where('membership_id', '=', membershipId).where('voided_at', 'is', null);
  if (query.from !== undefined) q = q.where('checked_in_at', '>=', boundary(query.from, membership.timezone, 'from'));
  if (query.to !== undefined) q = q.where('checked_in_at', '<', boundary(query.to, membership.timezone, 'to'));
  const page = await keysetPage(
    ctx.sql,
    q,
    { first: 'checked_in_at', second: 'id', descending: true },
    {
      limit: query.limit,
      cursor: query.cursor,
      codec: ctx.cursors,
      scope: cursorScope(ctx.auth.companyId, 'visits', { ...query, membershipId }),
    },
  );
  return { data: page.rows.map(toVisit), next_cursor: page.next_cursor };
}
