import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { cursorScope, type CursorCodec } from '../../pagination/cursor.js';
import { keysetPage } from '../../pagination/keyset.js';
import { visibleLocations } from './lookup.js';

/** The rows a list may show: the company's, in `locations` (null: every location of the company). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Build<Row> = (locations: readonly string[] | null) => SelectQueryBuilder<any, any, Row>;

export interface ListQuery {
  location_id?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/**
 * A page of a paginated list, oldest first by (created_at, id) unless `order` says otherwise,
 * confined to the locations the actor may see; the cursor is bound to the company, the list and
 * every filter of `query`.
 */
export async function pageInLocations<Row extends { id: string }>(
  db: Db,
  actor: Actor,
  cursors: CursorCodec,
  list: string,
  query: ListQuery,
  build: Build<Row>,
  order: { first: string; second: string } = { first: 'created_at', second: 'id' },
) {
  const locations = await visibleLocations(db, db, actor, query.location_id);
  const page = await keysetPage(db, build(locations), order, {
    limit: query.limit,
    cursor: query.cursor,
    codec: cursors,
    scope: cursorScope(actor.companyId, list, { ...query, locations }),
  });
  return { data: page.rows, next_cursor: page.next_cursor };
}

/** A whole list (no pagination), confined to the locations the actor may see. */
export async function listInLocations<Row>(db: Db, actor: Actor, locationId: string | undefined, build: Build<Row>) {
  const locations = await visibleLocations(db, db, actor, locationId);
  return { data: await db.all(build(locations)) };
}
