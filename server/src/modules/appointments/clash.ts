import { ApiError } from '@studio/shared';
import { DateTime } from 'luxon';
import type { Db } from '../../db/types.js';
import { fullName } from '@studio/shared';

interface Attempt {
  companyId: string;
  locationZone: string;
  serviceId: string;
  /** The staff member asked for; without one only the room's clash is named. */
  staffId: string | undefined;
  start: string;
  /** A reschedule's own booking, which never clashes with itself. */
  excludeBookingId?: string;
}

/**
 * Runs a booking or a reschedule; a `booking_conflict` it answers is answered again naming the
 * clash: the booking holding the staff member or the room at that time, as the calendar shows it
 * (staff, client, service, local times), with its id in `details.clash`.
 */
export async function namingTheClash<T>(db: Db, attempt: Attempt, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'booking_conflict') throw error;
    const clash = await findClash(db, attempt);
    if (!clash) throw error;
    throw new ApiError('booking_conflict', clash.message, { param: 'start', details: { clash: clash.details } });
  }
}

async function findClash(db: Db, attempt: Attempt) {
  const service = await db.first(
    db.qb
      .selectFrom('services')
      .select(['duration_minutes', 'buffer_before_minutes', 'buffer_after_minutes', 'room_id'])
      .where('id', '=', attempt.serviceId)
      .where('company_id', '=', attempt.companyId),
  );
  if (!service || (attempt.staffId === undefined && !service.room_id)) return undefined;
  const start = Date.parse(attempt.start);
  const blockStart = new Date(start - service.buffer_before_minutes * 60_000).toISOString();
  const blockEnd = new Date(start + (service.duration_minutes + service.buffer_after_minutes) * 60_000).toISOString();
  let query = db.qb
    .selectFrom('bookings as b')
    .innerJoin('staff as s', 's.id', 'b.staff_id')
    .innerJoin('contacts as c', 'c.id', 'b.contact_id')
    .innerJoin('services as v', 'v.id', 'b.service_id')
    .leftJoin('rooms as r', 'r.id', 'b.room_id')
    .select([
      'b.id',
      'b.start_at',
      'b.end_at',
      'b.staff_id',
      'b.room_id',
      's.first_name',
      's.last_name',
      'c.first_name as contact_first',
      'c.last_name as contact_last',
      'v.name as service_name',
      'r.name as room_name',
    ])
    .where('b.company_id', '=', attempt.companyId)
    .where('b.status', '=', 'booked')
    .where('b.block_end_at', '>', blockStart)
    .where('b.block_start_at', '<', blockEnd)
    .where((eb) => eb.or([...(attempt.staffId !== undefined ? [eb('b.staff_id', '=', attempt.staffId)] : []), ...(service.room_id ? [eb('b.room_id', '=', service.room_id)] : [])]));
  if (attempt.excludeBookingId) query = query.where('b.id', '!=', attempt.excludeBookingId);
  const rows = await db.all(query.orderBy('b.start_at'));
  // The staff member's own booking first: it is the clash the desk asked about.
  const row = rows.find((r) => r.staff_id === attempt.staffId) ?? rows[0];
  if (!row) return undefined;
  const local = (at: string) => DateTime.fromISO(at, { zone: attempt.locationZone }).toFormat('HH:mm');
  const withWhom = row.staff_id === attempt.staffId ? 'staff' : 'room';
  const staffName = fullName({ first_name: row.first_name, last_name: row.last_name });
  const client = fullName({ first_name: row.contact_first, last_name: row.contact_last });
  const when = `${local(row.start_at)}–${local(row.end_at)}`;
  const message =
    withWhom === 'staff'
      ? `That time clashes with ${staffName}'s booking ${when}: ${row.service_name} with ${client}. Choose an open slot.`
      : `That time clashes with ${row.room_name ?? 'the room'}, booked ${when}: ${row.service_name} with ${client} (${staffName}). Choose an open slot.`;
  return {
    message,
    details: {
      booking_id: row.id,
      with: withWhom,
      start: row.start_at,
      end: row.end_at,
      staff_name: staffName,
      room_name: row.room_name ?? null,
      service_name: row.service_name,
      contact_name: client,
    },
  };
}
