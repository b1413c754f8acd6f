import { randomUUID } from 'node:crypto';
import { ApiError, type Booking, type BookingCancel, type BookingCreate, type Slot } from '@studio/shared';
import type { z } from 'zod';
import type { Queryable } from '../../db/types.js';
import type { HandlerContext, Reply } from '../../http/route.js';
import { requireLocation, type LocationRow } from '../../plugins/auth.js';
import { nowIso } from '../../clock/time.js';
import { parseLocationSettings } from '../locations/settings.js';
import { boundary } from '../members/time-window.js';
import { findAppointmentService, findBooking, lockHolders, toBooking, type BookingRow } from './bookings-repository.js';
import { availableSlots, checkStart, type Verdict } from './engine/index.js';
import { loadSlotRequest, qualifiedStaff, type ServiceRow } from './schedule.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;
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
  ctx: Ctx,
  query: { service_id: string; location_id?: string | undefined; technician_id?: string | undefined; from?: string | undefined; to?: string | undefined },
): Promise<Slot[]> {
  const service = await findAppointmentService(ctx.db, ctx.sql, ctx.auth.companyId, query.service_id);
  const location = await requireLocation(ctx.db, ctx.sql, ctx.auth, query.location_id ?? service.location_id);
  const now = Date.now();
  const from = query.from === undefined ? now : Date.parse(boundary(query.from, location.timezone, 'from'));
  const to = query.to === undefined ? from + 7 * 86_400_000 : Date.parse(boundary(query.to, location.timezone, 'to'));
  if (to <= from) throw new ApiError('invalid_param', '`to` must be after `from`.', { param: 'to' });
  if (to - from > maxWindowMs) throw new ApiError('invalid_param', '`to` may be at most 31 days after `from`.', { param: 'to' });
  if (service.location_id !== location.id) return [];
  const technicians = await techniciansFor(ctx, ctx.sql, service, query.technician_id);
  const request = await loadSlotRequest(ctx.db, ctx.sql, { service, location, technicians, from, to, now });
  return availableSlots(request).map((slot) => ({
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
    location_id: location.id,
    service_id: service.id,
    technician_id: slot.technician_id,
    technician_name: slot.technician_name,
  }));
}

async function techniciansFor(ctx: Ctx, sql: Queryable, service: ServiceRow, technicianId: string | undefined) {
  const qualified = await qualifiedStaff(ctx.db, sql, service);
  if (technicianId === undefined) return qualified;
  const staff = await sql.first(ctx.db.qb.selectFrom('staff').select('id').where('id', '=', technicianId).where('company_id', '=', ctx.auth.companyId));
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
 * the slot predicate, with the room and the technicians locked so a concurrent request waits.
 */
async function claimTechnician(ctx: Ctx, sql: Queryable, service: ServiceRow, location: LocationRow, start: number, technicianId: string | undefined, excludeBookingId?: string) {
  const technicians = await techniciansFor(ctx, sql, service, technicianId);
  await lockHolders(
    ctx.db,
    sql,
    service.room_id,
    technicians.map((t) => t.id),
  );
  const now = Date.now();
  const request = await loadSlotRequest(ctx.db, sql, { service, location, technicians, from: start, to: start + 1, now, ...(excludeBookingId && { excludeBookingId }) });
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

export async function createBooking(ctx: Ctx, body: z.output<typeof BookingCreate>): Promise<Reply<Booking>> {
  const location = await requireLocation(ctx.db, ctx.sql, ctx.auth, body.location_id);
  const service = await findAppointmentService(ctx.db, ctx.sql, ctx.auth.companyId, body.service_id);
  if (service.location_id !== location.id) throw new ApiError('booking_rule', 'This service is not offered at that location.', { param: 'service_id' });
  const contact = await ctx.sql.first(ctx.db.qb.selectFrom('contacts').select('id').where('id', '=', body.contact_id).where('company_id', '=', ctx.auth.companyId));
  if (!contact) throw new ApiError('resource_missing', `No such contact: ${body.contact_id}.`, { param: 'contact_id' });
  const start = Date.parse(body.start);
  return ctx.transaction(async (sql) => {
    const technician = await claimTechnician(ctx, sql, service, location, start, body.technician_id);
    const now = nowIso();
    const row: BookingRow = {
      id: randomUUID(),
      company_id: ctx.auth.companyId,
      location_id: location.id,
      contact_id: contact.id,
      service_id: service.id,
      staff_id: technician.id,
      room_id: service.room_id,
      ...blocks(service, start),
      status: 'booked',
      source: body.source,
      notes: body.notes ?? null,
      late_cancel: 0,
      cancelled_at: null,
      cancellation_reason: null,
      created_at: now,
      updated_at: now,
    };
    await sql.run(ctx.db.qb.insertInto('bookings').values(row));
    return { status: 201, body: toBooking(row) };
  });
}

/** Cancels for the business: inside the window it is flagged `late_cancel`; cancelling twice changes nothing. */
export async function cancelBooking(ctx: Ctx, id: string, body: z.output<typeof BookingCancel>): Promise<Booking> {
  return ctx.transaction(async (sql) => {
    const booking = await findBooking(ctx.db, sql, ctx.auth, id);
    if (booking.status === 'cancelled') return toBooking(booking);
    if (booking.status !== 'booked') throw new ApiError('booking_not_active', `The booking is ${booking.status} and cannot be cancelled.`, { param: 'id' });
    const location = await requireLocation(ctx.db, sql, ctx.auth, booking.location_id, 'id');
    const windowMs = parseLocationSettings(location.settings).appointments.cancellation_window_hours * 3600_000;
    const now = Date.now();
    const changes = {
      status: 'cancelled' as const,
      cancelled_at: new Date(now).toISOString(),
      cancellation_reason: body.reason ?? null,
      late_cancel: now >= Date.parse(booking.start_at) - windowMs ? 1 : 0,
      updated_at: new Date(now).toISOString(),
    };
    await sql.run(ctx.db.qb.updateTable('bookings').set(changes).where('id', '=', id));
    return toBooking({ ...booking, ...changes });
  });
}

/** Moves a booking, keeping its id and technician; it does not conflict with itself. */
export async function rescheduleBooking(ctx: Ctx, id: string, startIso: string): Promise<Booking> {
  return ctx.transaction(async (sql) => {
    const booking = await findBooking(ctx.db, sql, ctx.auth, id);
    if (booking.status !== 'booked') throw new ApiError('booking_not_active', `The booking is ${booking.status} and cannot be rescheduled.`, { param: 'id' });
    const location = await requireLocation(ctx.db, sql, ctx.auth, booking.location_id, 'id');
    const service = await findAppointmentService(ctx.db, sql, ctx.auth.companyId, booking.service_id);
    const start = Date.parse(startIso);
    await claimTechnician(ctx, sql, service, location, start, booking.staff_id, booking.id);
    const changes = { ...blocks(service, start), updated_at: nowIso() };
    await sql.run(ctx.db.qb.updateTable('bookings').set(changes).where('id', '=', id));
    return toBooking({ ...booking, ...changes });
  });
}
