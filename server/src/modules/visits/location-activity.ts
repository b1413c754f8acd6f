import type { CheckinDenial, LocationVisit } from '@studio/shared';
import { sql, type SelectQueryBuilder } from 'kysely';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { cursorScope, type CursorCodec } from '../../pagination/cursor.js';
import { carriedBy, keysetPage } from '../../pagination/keyset.js';
import { targetLocation } from '../locations/lookup.js';
import { boundary } from '../locations/time-window.js';
import { toCheckinDenial } from './checkin-denials.js';
import { toVisit, visitColumns } from './visit-view.js';

export interface ActivityQuery {
  location_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

const defaultSpanMs = 24 * 3600_000;

/** Which rows a list pages through: the table's rows (company and location filtered here), ordered and windowed by `at`. */
interface ActivityList<Row> {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rows: SelectQueryBuilder<any, any, Row>;
  at: 'checked_in_at' | 'attempted_at';
}

/**
 * A page of one location's rows in `[from, to)`, newest first by (`at`, id). The location is the
 * one asked for, else the actor's only one (403 outside the actor's locations, 404 another
 * company's). `to` defaults to now and `from` to `to` minus 24 hours; the window a first page
 * resolved is sealed into its cursor, so later pages read the same window however late they come.
 */
async function activityPage<Row extends Record<string, unknown>>(db: Db, actor: Actor, list: ActivityList<Row>, query: ActivityQuery, cursors: CursorCodec, clock: Clock) {
  const location = await targetLocation(db, db, actor, query.location_id);
  const scope = cursorScope(actor.companyId, list.name, { location: location.id, from: query.from, to: query.to });
  const carried = carriedBy({ cursor: query.cursor, codec: cursors, scope });
  let window: [string, string];
  if (carried?.length === 2) window = [String(carried[0]), String(carried[1])];
  else {
    const to = query.to === undefined ? new Date(clock()).toISOString() : boundary(query.to, location.timezone, 'to');
    const from = query.from === undefined ? new Date(Date.parse(to) - defaultSpanMs).toISOString() : boundary(query.from, location.timezone, 'from');
    window = [from, to];
  }
  const at = sql.ref(list.at);
  let rows = list.rows.where('company_id', '=', actor.companyId).where('location_id', '=', location.id).where(at, '>=', window[0]);
  // After a cursor, its position (inside the window) is the upper bound: one index range from it on, not a scan from `to`.
  if (query.cursor === undefined) rows = rows.where(at, '<', window[1]);
  return keysetPage(db, rows, { first: list.at, second: 'id', descending: true }, { limit: query.limit, cursor: query.cursor, codec: cursors, scope, carry: window });
}

/** The visits at a location, every way in (door, kiosk, class, desk, API, offline), voided ones marked: the front desk's day. */
export async function listLocationVisits(db: Db, actor: Actor, query: ActivityQuery, cursors: CursorCodec, clock: Clock = systemClock): Promise<{ data: LocationVisit[]; next_cursor: string | null }> {
  const rows = db.qb.selectFrom('visits').select([...visitColumns, 'voided_at', 'void_reason']);
  const page = await activityPage(db, actor, { name: 'location-visits', rows, at: 'checked_in_at' }, query, cursors, clock);
  return {
    data: page.rows.map(({ voided_at, void_reason, ...row }) => ({ ...toVisit(row), voided_at, void_reason: void_reason as LocationVisit['void_reason'] })),
    next_cursor: page.next_cursor,
  };
}

/**
 * The refused check-ins at a location, with every reason and the member when one matched. The
 * table keeps an HMAC of the identifier, never the identifier; the answer says only whether one was given.
 */
export async function listCheckinDenials(db: Db, actor: Actor, query: ActivityQuery, cursors: CursorCodec, clock: Clock = systemClock): Promise<{ data: CheckinDenial[]; next_cursor: string | null }> {
  const rows = db.qb.selectFrom('checkin_denials').select(['id', 'location_id', 'membership_id', 'contact_id', 'credential_hash', 'reasons', 'source', 'device_id', 'attempted_at']);
  const page = await activityPage(db, actor, { name: 'checkin-denials', rows, at: 'attempted_at' }, query, cursors, clock);
  return {
    data: page.rows.map(toCheckinDenial),
    next_cursor: page.next_cursor,
  };
}
