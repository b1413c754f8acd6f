import { ApiError, testEventType, type Event, type EventListQuery } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { cursorScope, type CursorCodec } from '../../pagination/cursor.js';
import { keysetPage } from '../../pagination/keyset.js';
import { listZone } from '../locations/list-zone.js';
import { assertLocationAllowed, visibleLocations } from '../locations/lookup.js';
import { boundary } from '../locations/time-window.js';

/**
 * The company's events with its environment joined in: a company is test mode when it is a live
 * company's twin (`live_company_id`), decided when an event is read, so the write path, which
 * runs inside every change, reads nothing for it. A `webhook.test` event (webhooks/send-test.ts)
 * changed nothing, so neither the list nor a read by id, which reconcile changes, shows it.
 */
function eventRows(db: Db, companyId: string) {
  return db.qb
    .selectFrom('events as e')
    .innerJoin('companies as co', 'co.id', 'e.company_id')
    .select(['e.id', 'e.type', 'e.created_at', 'e.location_id', 'e.data', 'co.live_company_id'])
    .where('e.company_id', '=', companyId)
    .where('e.type', '<>', testEventType);
}

type EventRow = { id: string; type: string; created_at: string; location_id: string | null; data: string; live_company_id: string | null };

function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    type: row.type as Event['type'],
    created_at: row.created_at,
    environment: row.live_company_id === null ? 'live' : 'test',
    location_id: row.location_id,
    data: JSON.parse(row.data) as Event['data'],
  };
}

/**
 * Events newest first by (created_at, id). An actor limited to some locations sees the events of
 * those and the events of no location; naming `location_id` shows that location's only.
 */
export async function listEvents(db: Db, actor: Actor, query: EventListQuery, cursors: CursorCodec): Promise<{ data: Event[]; next_cursor: string | null }> {
  const locations = await visibleLocations(db, db, actor, query.location_id);
  const zone = await listZone(db, actor, query.location_id);
  const from = query.from === undefined ? undefined : boundary(query.from, zone, 'from');
  const to = query.to === undefined ? undefined : boundary(query.to, zone, 'to');
  let rows = eventRows(db, actor.companyId);
  if (query.location_id !== undefined) rows = rows.where('e.location_id', '=', query.location_id);
  else if (locations !== null) {
    const seen = locations.length ? locations : [''];
    rows = rows.where((eb) => eb.or([eb('e.location_id', 'in', seen), eb('e.location_id', 'is', null)]));
  }
  if (query.type !== undefined) rows = rows.where('e.type', '=', query.type);
  if (from !== undefined) rows = rows.where('e.created_at', '>=', from);
  if (to !== undefined) rows = rows.where('e.created_at', '<', to);
  const scope = cursorScope(actor.companyId, 'events', { type: query.type, location_id: query.location_id, from, to, locations });
  const page = await keysetPage(db, rows, { first: 'e.created_at', second: 'e.id', descending: true }, { limit: query.limit, cursor: query.cursor, codec: cursors, scope });
  return { data: page.rows.map(toEvent), next_cursor: page.next_cursor };
}

/** One event of the company; one of a location outside the actor's is 403, as any resource there. */
export async function getEvent(db: Db, actor: Actor, id: string): Promise<Event> {
  const row = await db.first(eventRows(db, actor.companyId).where('e.id', '=', id));
  if (!row) throw new ApiError('resource_missing', `No such event: ${id}.`, { param: 'id' });
  if (row.location_id !== null) assertLocationAllowed(actor, row.location_id, 'id');
  return toEvent(row);
}
