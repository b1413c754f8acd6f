import { DateTime } from 'luxon';
import type { Db, Queryable } from '../../db/types.js';
import { parseLocationSettings } from '../locations/settings.js';
import type { Interval, LocalSpan, SlotRequest, TechnicianSchedule } from './engine/index.js';

export interface ServiceRow {
  id: string;
  location_id: string;
  duration_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  room_id: string | null;
}

/** Bookings starting up to this long before a window can still hold it (long services, buffers). */
const lookBehindMs = 2 * 86_400_000;
const ms = (iso: string) => Date.parse(iso);

/** Staff who may perform the service: its qualified list, or everyone with hours at its location. */
export async function qualifiedStaff(db: Db, sql: Queryable, service: ServiceRow): Promise<{ id: string; name: string }[]> {
  const listed = await sql.all(
    db.qb.selectFrom('service_staff as q').innerJoin('staff as s', 's.id', 'q.staff_id').select(['s.id', 's.first_name', 's.last_name']).where('q.service_id', '=', service.id),
  );
  const rows = listed.length
    ? listed
    : await sql.all(
        db.qb
          .selectFrom('staff as s')
          .select(['s.id', 's.first_name', 's.last_name'])
          .where((eb) => eb.exists(eb.selectFrom('staff_hours as h').select('h.id').whereRef('h.staff_id', '=', 's.id').where('h.location_id', '=', service.location_id))),
      );
  return rows.map((row) => ({ id: row.id, name: [row.first_name, row.last_name].filter(Boolean).join(' ') })).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Everything the slot engine needs for `technicians` at the service's location over [from, to):
 * weekly hours, date overrides, time off, and the active bookings holding them or the room.
 * `excludeBookingId` leaves a booking out (a reschedule must not conflict with itself).
 */
export async function loadSlotRequest(
  db: Db,
  sql: Queryable,
  input: {
    service: ServiceRow;
    location: { id: string; timezone: string; settings: string };
    technicians: { id: string; name: string }[];
    from: number;
    to: number;
    now: number;
    excludeBookingId?: string;
  },
): Promise<SlotRequest> {
  const { service, location, technicians } = input;
  const rules = parseLocationSettings(location.settings).appointments;
  const ids = technicians.map((t) => t.id);
  const windowStart = new Date(input.from - lookBehindMs).toISOString();
  const windowEnd = new Date(input.to + lookBehindMs).toISOString();
  const firstDate = DateTime.fromMillis(input.from - lookBehindMs, { zone: location.timezone }).toISODate()!;
  const lastDate = DateTime.fromMillis(input.to + lookBehindMs, { zone: location.timezone }).toISODate()!;
  const none = ['']; // `in ()` is not SQL; no technician matches the empty id
  const [hours, overrides, timeOff, busy, roomBusy] = await Promise.all([
    sql.all(
      db.qb
        .selectFrom('staff_hours')
        .select(['staff_id', 'weekday', 'start_time', 'end_time'])
        .where('staff_id', 'in', ids.length ? ids : none)
        .where('location_id', '=', location.id),
    ),
    sql.all(
      db.qb
        .selectFrom('staff_overrides')
        .select(['staff_id', 'date', 'start_time', 'end_time'])
        .where('staff_id', 'in', ids.length ? ids : none)
        .where('location_id', '=', location.id)
        .where('date', '>=', firstDate)
        .where('date', '<=', lastDate),
    ),
    sql.all(
      db.qb
        .selectFrom('staff_time_off')
        .select(['staff_id', 'start_at', 'end_at'])
        .where('staff_id', 'in', ids.length ? ids : none)
        .where('end_at', '>', windowStart)
        .where('start_at', '<', windowEnd),
    ),
    activeBlocks(db, sql, 'staff_id', ids, windowStart, windowEnd, input.excludeBookingId),
    service.room_id ? activeBlocks(db, sql, 'room_id', [service.room_id], windowStart, windowEnd, input.excludeBookingId) : Promise.resolve(null),
  ]);
  const schedules: TechnicianSchedule[] = technicians.map((technician) => {
    const weekly: Record<number, LocalSpan[]> = {};
    for (const h of hours.filter((row) => row.staff_id === technician.id)) (weekly[h.weekday] ??= []).push({ start: h.start_time, end: h.end_time });
    const dates: Record<string, LocalSpan[]> = {};
    for (const o of overrides.filter((row) => row.staff_id === technician.id)) {
      dates[o.date] ??= [];
      if (o.start_time !== null && o.end_time !== null) dates[o.date]!.push({ start: o.start_time, end: o.end_time });
    }
    return {
      technician_id: technician.id,
      technician_name: technician.name,
      weekly,
      overrides: dates,
      timeOff: timeOff.filter((row) => row.staff_id === technician.id).map((row) => ({ start: ms(row.start_at), end: ms(row.end_at) })),
      busy: (busy ?? []).filter((row) => row.holder === technician.id).map((row) => row.interval),
    };
  });
  return {
    timezone: location.timezone,
    now: input.now,
    from: input.from,
    to: input.to,
    durationMinutes: service.duration_minutes,
    bufferBeforeMinutes: service.buffer_before_minutes,
    bufferAfterMinutes: service.buffer_after_minutes,
    intervalMinutes: rules.slot_interval_minutes,
    minNoticeMinutes: rules.min_notice_minutes,
    horizonDays: rules.horizon_days,
    technicians: schedules,
    roomBusy: roomBusy === null ? null : roomBusy.map((row) => row.interval),
  };
}

async function activeBlocks(db: Db, sql: Queryable, column: 'staff_id' | 'room_id', holders: string[], from: string, to: string, exclude?: string): Promise<{ holder: string; interval: Interval }[]> {
  if (holders.length === 0) return [];
  let query = db.qb
    .selectFrom('bookings')
    .select(['staff_id', 'room_id', 'block_start_at', 'block_end_at'])
    .where(column, 'in', holders)
    .where('status', '=', 'booked')
    .where('block_end_at', '>', from)
    .where('block_start_at', '<', to);
  if (exclude) query = query.where('id', '!=', exclude);
  const rows = await sql.all(query);
  return rows.map((row) => ({ holder: (column === 'staff_id' ? row.staff_id : row.room_id)!, interval: { start: ms(row.block_start_at), end: ms(row.block_end_at) } }));
}
