import { checkinSources, type Reason } from '@studio/shared';
import type { TodayEvent } from '@studio/shared/web-app';
import type { Db } from '../../db/types.js';
import { contactName } from '../desk-scans/card-holder.js';
import { reasonMessages } from '../memberships/reason-messages.js';

/**
 * The rows of Today and of its live stream, one shape for the three things that happen at a
 * door: a visit, a refused attempt, a card nobody holds. Each comes with `recorded`, the server
 * time the row was written: what the stream orders and resumes by (an offline visit synced now
 * happened earlier, but is news now).
 */
export interface RecordedEvent {
  event: TodayEvent;
  recorded: string;
}

type Source = TodayEvent['source'];
const asSource = (source: string): Source => ((checkinSources as readonly string[]).includes(source) ? (source as Source) : null);
const named = (row: { contact_id: string | null; first_name: string | null; last_name: string | null }) =>
  row.contact_id === null || row.first_name === null ? null : { id: row.contact_id, name: contactName({ first_name: row.first_name, last_name: row.last_name }) };

/** A visit in words, as the desk reads it: the most pressing thing first. */
function visitMessage(flags: readonly string[], kind: string, offline: boolean): string {
  if (flags.includes('staff_override')) return 'Checked in by a staff override';
  if (offline && flags.includes('ineligible_at_checkin')) return 'Let in while offline: follow up';
  if (kind === 'class') return 'Checked in to a class';
  if (flags.includes('no_visits_remaining')) return 'Checked in: last visit on this pack or plan';
  return 'Checked in';
}

/** Which rows a read takes: a local day by when they happened, or what was recorded since a time. */
export type EventWindow = { by: 'happened'; from: string; to: string } | { by: 'recorded'; since: string };

const visitTime = (w: EventWindow) => (w.by === 'happened' ? 'v.checked_in_at' : 'v.recorded_at') as 'v.checked_in_at';

export async function visitEvents(db: Db, locationId: string, window: EventWindow, limit: number): Promise<RecordedEvent[]> {
  const time = visitTime(window);
  let query = db.qb
    .selectFrom('visits as v')
    .leftJoin('contacts as c', 'c.id', 'v.contact_id')
    .leftJoin('staff_accounts as s', 's.id', 'v.staff_account_id')
    .select([
      'v.id',
      'v.location_id',
      'v.contact_id',
      'v.kind',
      'v.checked_in_at',
      'v.recorded_at',
      'v.source',
      'v.device_id',
      'v.offline',
      'v.flags',
      'c.first_name',
      'c.last_name',
      's.display_name as staff_name',
    ])
    .where('v.location_id', '=', locationId)
    .where('v.voided_at', 'is', null);
  query = window.by === 'happened' ? query.where(time, '>=', window.from).where(time, '<', window.to).orderBy(time, 'desc') : query.where(time, '>=', window.since).orderBy(time, 'asc');
  const rows = await db.all(query.orderBy('v.id').limit(limit));
  return rows.map((row) => {
    const flags = JSON.parse(row.flags) as TodayEvent['flags'];
    const offline = row.offline === 1;
    return {
      recorded: row.recorded_at,
      event: {
        id: `visit:${row.id}`,
        kind: 'visit',
        at: row.checked_in_at,
        location_id: row.location_id,
        contact: named(row),
        source: asSource(row.source),
        device_id: row.device_id,
        offline,
        flags,
        reasons: [],
        message: visitMessage(flags, row.kind, offline),
        staff_name: row.staff_name,
        last_four: null,
      },
    };
  });
}

export async function denialEvents(db: Db, locationId: string, window: EventWindow, limit: number): Promise<RecordedEvent[]> {
  let query = db.qb
    .selectFrom('checkin_denials as d')
    .leftJoin('contacts as c', 'c.id', 'd.contact_id')
    .select(['d.id', 'd.location_id', 'd.contact_id', 'd.reasons', 'd.source', 'd.device_id', 'd.attempted_at', 'd.last_four', 'c.first_name', 'c.last_name'])
    .where('d.location_id', '=', locationId);
  query =
    window.by === 'happened'
      ? query.where('d.attempted_at', '>=', window.from).where('d.attempted_at', '<', window.to).orderBy('d.attempted_at', 'desc')
      : query.where('d.attempted_at', '>=', window.since).orderBy('d.attempted_at', 'asc');
  const rows = await db.all(query.orderBy('d.id').limit(limit));
  return rows.map((row) => {
    const reasons = JSON.parse(row.reasons) as Reason[];
    return {
      recorded: row.attempted_at,
      event: {
        id: `denial:${row.id}`,
        kind: 'denial',
        at: row.attempted_at,
        location_id: row.location_id,
        contact: named(row),
        source: asSource(row.source),
        device_id: row.device_id,
        offline: false,
        flags: [],
        reasons,
        message: reasons[0] === undefined ? 'Refused' : reasonMessages[reasons[0]],
        staff_name: null,
        last_four: row.last_four,
      },
    };
  });
}

export async function scanEvents(db: Db, locationId: string, window: EventWindow, limit: number): Promise<RecordedEvent[]> {
  let query = db.qb.selectFrom('desk_scans').select(['id', 'location_id', 'device_id', 'scanned_at', 'last_four', 'claimed_at']).where('location_id', '=', locationId);
  query =
    window.by === 'happened'
      ? query.where('scanned_at', '>=', window.from).where('scanned_at', '<', window.to).orderBy('scanned_at', 'desc')
      : query.where('scanned_at', '>=', window.since).orderBy('scanned_at', 'asc');
  const rows = await db.all(query.orderBy('id').limit(limit));
  return rows.map((row) => ({
    recorded: row.scanned_at,
    event: {
      id: `scan:${row.id}`,
      kind: 'unknown_card',
      at: row.scanned_at,
      location_id: row.location_id,
      contact: null,
      source: null,
      device_id: row.device_id,
      offline: false,
      flags: [],
      reasons: [],
      message: row.claimed_at === null ? `Unknown card ending ${row.last_four} at ${row.device_id}` : `Card ending ${row.last_four} enrolled`,
      staff_name: null,
      last_four: row.last_four,
    },
  }));
}

/** Every kind of row of a window, in one list. */
export async function locationEvents(db: Db, locationId: string, window: EventWindow, limit: number): Promise<RecordedEvent[]> {
  const lists = await Promise.all([visitEvents(db, locationId, window, limit), denialEvents(db, locationId, window, limit), scanEvents(db, locationId, window, limit)]);
  return lists.flat();
}
