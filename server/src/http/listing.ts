import type { SelectQueryBuilder } from 'kysely';
import { visibleLocations } from '../plugins/auth.js';
import { cursorScope } from '../pagination/cursor.js';
import { keysetPage } from '../pagination/keyset.js';
import type { HandlerContext } from './route.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;
/** The rows a list may show: the company's, in `locations` (null: every location of the company). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Build<Row> = (locations: readonly string[] | null) => SelectQueryBuilder<any, any, Row>;

interface ListQuery {
  location_id?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/**
 * A page of a paginated list, oldest first by (created_at, id) unless `order` says otherwise,
 * confined to the locations the key may see; the cursor is bound to the company, the route and
 * every filter of `query`.
 */
export async function pageInLocations<Row extends { id: string }>(
  ctx: Ctx,
  route: string,
  query: ListQuery,
  build: Build<Row>,
  order: { first: string; second: string } = { first: 'created_at', second: 'id' },
) {
  const locations = await visibleLocations(ctx.db, ctx.sql, ctx.auth, query.location_id);
  const page = await keysetPage(ctx.sql, build(locations), order, {
    limit: query.limit,
    cursor: query.cursor,
    codec: ctx.cursors,
    scope: cursorScope(ctx.auth.companyId, route, { ...query, locations }),
  });
  return { data: page.rows, next_cursor: page.next_cursor };
}

/** A whole list (no pagination), confined to the locations the key may see. */
export async function listInLocations<Row>(ctx: Ctx, locationId: string | undefined, build: Build<Row>) {
  const locations = await visibleLocations(ctx.db, ctx.sql, ctx.auth, locationId);
  return { data: await ctx.sql.all(build(locations)) };
}
