import { randomUUID } from 'node:crypto';
import { ApiError, type Booking, type BookingCancel, type BookingCreate, type Slot } from '@studio/shared';
import type { z } from 'zod';
import { lockRows } from '../../db/row-locks.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { systemClock, toIso, type Clock } from '../../clock/time.js';
import { recordEvent } from '../events/record.js';
import { requireContactInReach } from '../locations/reach.js';
import { requireLocation, type LocationRow } from '../locations/lookup.js';
import { parseLocationSettings } from '../locations/settings.js';
import { boundary } from '../locations/time-window.js';
import { queueBookingMessage } from './booking-messages.js';
import { findAppointmentService, findBooking, toBooking, type BookingRow } from './bookings-repository.js';
import { availableSlots, checkStart, type Verdict } from './engine/index.js';
import { loadSlotRequest, qualifiedStaff, type ServiceRow } from './schedule.js';

const maxWindowMs = 31 * 86_400_000;

const ruleMessages: Record<string, string> = {
  in_the_past: 'That start time is in the past.',
  minimum_notice: "That start time is inside the location's minimum notice.",
  beyond_horizon: "That start time is beyond the location's booking horizon.",
  outside_hours: 'No qualified technician works at that time.',
  off_grid: "Start times follow the location's slot interval.",
};

/** Free slots of a service (docs/api-decisions.md, Appointments): the same predicate bookings are checked with. */
export async function availability(
  db: Db,
  actor: Actor,
  query: { service_id: string; location_id?: string | undefined; technician_id?: string | undefined; from?: string | undefined; to?: string | undefined },
  clock: Clock = systemClock,
): Promise<Slot[]> {
  const service = await findAppointmentService(db, db, actor.companyId, query.service_id);
  const location = await requireLocation(db, db, actor, query.location_id ?? service.location_id);
  const now = clock();
  const from = query.from === undefined ? now : Date.parse(boundary(query.from, location.timezone, 'from'));
  const to = query.to === undefined ? from + 7 * 86_400_000 : Date.parse(boundary(query.to, location.timezone, 'to'));
  if (to <= from) throw new ApiError('invalid_param', '`to` must be after `from`.', { param: 'to' });
  if (to - from > maxWindowMs) throw new ApiError('invalid_param', '`to` may be at most 31 days after `from`.', { param: 'to' });
  if (service.location_id !== location.id) return [];
  const technicians = await techniciansFor(db, db, actor, service, query.technician_id);
  const request = await loadSlotRequest(db, db, { service, location, technicians, from, to, now });
  return availableSlots(request).map((slot) => ({
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
    location_id: location.id,
    service_id: service.id,
    technician_id: slot.technician_id,
    technician_name: slot.technician_name,
  }));
}

async function techniciansFor(db: Db, sql: Queryable, actor: Actor, service: ServiceRow, technicianId: string | undefined) {
  const qualified = await qualifiedStaff(db, sql, service);
  if (technicianId === undefined) return qualified;
  const staff = await sql.first(db.qb.selectFrom('staff').select('id').where('id', '=', technicianId).where('company_id', '=', actor.companyId));
  if (!staff) throw new ApiError('resource_missing', `No such technician: ${technicianId}.`, { param: 'technician_id' });
  return qualified.filter((t) => t.id === technicianId);
}

/** The refusal for a start no technician can take: any conflict wins over a rule (someone works, but is busy). */
function refusal(verdicts: Verdict[]): ApiError {
  if (verdicts.some((v) => !v.ok && v.kind === 'conflict')) {
    return new ApiError('booking_conflict', 'That time is taken: the technician or the room is booked.', { param: 'start' });
  }
  const rule = verdicts.find((v): v is Extract<Verdict, { kind: 'rule' }> => !v.ok && v.kind === 'rule');
  return new ApiError('booking_rule', ruleMessages[rule?.reason ?? 'outside_hours']!, { param: 'start' });
}

/**
 * Finds the first technician (the one asked for, else any qualified one) for whom `start` passes
 * the slot predicate, with the room and the technicians locked so a concurrent request waits
 * (server/src/db/row-locks.ts).
 */
async function claimTechnician(
  db: Db,
  sql: Queryable,
  actor: Actor,
  claim: { service: ServiceRow; location: LocationRow; start: number; technicianId: string | undefined; clock: Clock; excludeBookingId?: string },
) {
  const { service, location, start, technicianId, excludeBookingId } = claim;
  const technicians = await techniciansFor(db, sql, actor, service, technicianId);
  await lockRows(sql, { room: service.room_id, staff: technicians.map((t) => t.id) });
  // Read after the locks: a request that waited judges the notice rule at the time it runs.
  const now = claim.clock();
  const request = await loadSlotRequest(db, sql, { service, location, technicians, from: start, to: start + 1, now, ...(excludeBookingId && { excludeBookingId }) });
  const verdicts = technicians.map((t) => ({ technician: t, verdict: checkStart(request, start, t.id) }));
  const chosen = verdicts.find((v) => v.verdict.ok);
  if (!chosen) throw refusal(verdicts.length ? verdicts.map((v) => v.verdict) : [{ ok: false, kind: 'rule', reason: 'outside_hours' }]);
  return chosen.technician;
}

function blocks(service: ServiceRow, start: number) {
  const end = start + service.duration_minutes * 60_000;
  return {
    start_at: new Date(start).toISOString(),
    end_at: new Date(end).toISOString(),
    block_start_at: new Date(start - service.buffer_before_minutes * 60_000).toISOString(),
    block_end_at: new Date(end + service.buffer_after_minutes * 60_000).toISOString(),
  };
}

/** A booking of the company at one of the actor's locations. */
export async function getBooking(db: Db, actor: Actor, id: string): Promise<Booking> {
  return toBooking(await findBooking(db, db, actor, id));
}

/** Books an appointment for a contact within the actor's reach, with the technician asked for or any free qualified one. */
export async function createBooking(db: Db, actor: Actor, input: z.output<typeof BookingCreate>, clock: Clock = systemClock): Promise<Booking> {
  await requireContactInReach(db, db, actor, input.contact_id, 'contact_id');
  const location = await requireLocation(db, db, actor, input.location_id);
  const service = await findAppointmentService(db, db, actor.companyId, input.service_id);
  if (service.location_id !== location.id) throw new ApiError('booking_rule', 'This service is not offered at that location.', { param: 'service_id' });
  const contact = await db.first(db.qb.selectFrom('contacts').select('id').where('id', '=', input.contact_id).where('company_id', '=', actor.companyId));
  if (!contact) throw new ApiError('resource_missing', `No such contact: ${input.contact_id}.`, { param: 'contact_id' });
  const start = Date.parse(input.start);
  return db.transaction(async (sql) => {
    const technician = await claimTechnician(db, sql, actor, { service, location, start, technicianId: input.technician_id, clock });
    const now = toIso(clock());
    const row: BookingRow = {
      id: randomUUID(),
      company_id: actor.companyId,
      location_id: location.id,
      contact_id: contact.id,
      service_id: service.id,
      staff_id: technician.id,
      room_id: service.room_id,
      ...blocks(service, start),
      status: 'booked',
      source: input.source,
      notes: input.notes ?? null,
      late_cancel: 0,
      cancelled_at: null,
      cancellation_reason: null,
      created_at: now,
      updated_at: now,
    };
    await sql.run(db.qb.insertInto('bookings').values(row));
    const booking = toBooking(row);
    await recordEvent(db, sql, { companyId: actor.companyId, type: 'booking.created', locationId: location.id, data: booking }, clock);
    await queueBookingMessage(db, sql, row, { template: 'booking_confirmed' }, clock);
    return booking;
  });
}

/** Cancels for the business: inside the window it is flagged `late_cancel`; cancelling twice changes nothing. */
export async function cancelBooking(db: Db, actor: Actor, id: string, input: z.output<typeof BookingCancel>, clock: Clock = systemClock): Promise<Booking> {
  return db.transaction(async (sql) => {
    const booking = await findBooking(db, sql, actor, id);
    if (booking.status === 'cancelled') return toBooking(booking);
    if (booking.status !== 'booked') throw new ApiError('booking_not_active', `The booking is ${booking.status} and cannot be cancelled.`, { param: 'id' });
    const location = await requireLocation(db, sql, actor, booking.location_id, 'id');
    const windowMs = parseLocationSettings(location.settings).appointments.cancellation_window_hours * 3600_000;
    const now = clock();
    const changes = {
      status: 'cancelled' as const,
      cancelled_at: new Date(now).toISOString(),
      cancellation_reason: input.reason ?? null,
      late_cancel: now >= Date.parse(booking.start_at) - windowMs ? 1 : 0,
      updated_at: new Date(now).toISOString(),
    };
    await sql.run(db.qb.updateTable('bookings').set(changes).where('id', '=', id));
    const cancelled = toBooking({ ...booking, ...changes });
    await recordEvent(db, sql, { companyId: actor.companyId, type: 'booking.cancelled', locationId: booking.location_id, data: cancelled }, clock);
    // `notify: false`: the business tells the member itself, or not at all.
    if (input.notify !== false) await queueBookingMessage(db, sql, booking, { template: 'booking_cancelled' }, clock);
    return cancelled;
  });
}

/** Moves a booking, keeping its id and technician; it does not conflict with itself. */
export async function rescheduleBooking(db: Db, actor: Actor, id: string, startIso: string, clock: Clock = systemClock): Promise<Booking> {
  return db.transaction(async (sql) => {
    const booking = await findBooking(db, sql, actor, id);
    if (booking.status !== 'booked') throw new ApiError('booking_not_active', `The booking is ${booking.status} and cannot be rescheduled.`, { param: 'id' });
    const location = await requireLocation(db, sql, actor, booking.location_id, 'id');
    const service = await findAppointmentService(db, sql, actor.companyId, booking.service_id);
    const start = Date.parse(startIso);
    await claimTechnician(db, sql, actor, { service, location, start, technicianId: booking.staff_id, clock, excludeBookingId: booking.id });
    const changes = { ...blocks(service, start), updated_at: toIso(clock()) };
    await sql.run(db.qb.updateTable('bookings').set(changes).where('id', '=', id));
    const moved = toBooking({ ...booking, ...changes });
    await recordEvent(db, sql, { companyId: actor.companyId, type: 'booking.rescheduled', locationId: booking.location_id, data: moved }, clock);
    await queueBookingMessage(db, sql, { ...booking, ...changes }, { template: 'booking_moved', previousStart: booking.start_at }, clock);
    return moved;
  });
}
