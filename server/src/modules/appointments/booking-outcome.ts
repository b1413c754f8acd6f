import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { nowIso } from '../../clock/time.js';
import { assertLocationAllowed } from '../locations/lookup.js';

/** How a booking went, as staff record it once it has started. */
export const bookingOutcomes = ['completed', 'no_show'] as const;
export type BookingOutcome = (typeof bookingOutcomes)[number];

function outcomeOrRefuse(status: string): BookingOutcome {
  if ((bookingOutcomes as readonly string[]).includes(status)) return status as BookingOutcome;
  const why =
    status === 'booked'
      ? 'a booking is booked when it is made and cannot be set back to it'
      : status === 'cancelled'
        ? 'a booking is cancelled by cancelling it, which records the reason and whether it was late'
        : `unknown status "${status}"`;
  throw new ApiError('invalid_param', `Cannot set status "${status}": ${why}; set-status records how a booking went: ${bookingOutcomes.join(' or ')}.`, { param: 'status' });
}

/**
 * Records that a booking was completed or a no-show. Only a booking that has started can have an
 * outcome, and a cancelled one never does; a completed booking may be corrected to a no-show and
 * back. Setting the status it already has changes nothing. The actor must act on the booking's location.
 */
export async function setBookingOutcome(db: Db, actor: Actor, bookingId: string, status: string, now = nowIso()) {
  const outcome = outcomeOrRefuse(status);
  const booking = await db.first(db.qb.selectFrom('bookings').select(['id', 'location_id', 'status', 'start_at', 'updated_at']).where('id', '=', bookingId).where('company_id', '=', actor.companyId));
  if (!booking) throw new ApiError('resource_missing', `No booking ${bookingId} in this company.`, { param: 'booking' });
  assertLocationAllowed(actor, booking.location_id, 'booking');
  const cancelled = () => new ApiError('booking_not_active', `Booking ${bookingId} is cancelled; a cancelled booking cannot be marked ${outcome}.`);
  if (booking.status === 'cancelled') throw cancelled();
  if (booking.start_at > now) {
    throw new ApiError('booking_rule', `Booking ${bookingId} starts at ${booking.start_at}; only a booking that has started can be marked ${outcome}.`);
  }
  if (booking.status === outcome) return { id: bookingId, status: outcome, updated_at: booking.updated_at };
  // Guarded on the status, so a cancellation that lands between the read and this write wins.
  const changed = await db.run(db.qb.updateTable('bookings').set({ status: outcome, updated_at: now }).where('id', '=', bookingId).where('status', '!=', 'cancelled'));
  if (changed === 0) throw cancelled();
  return { id: bookingId, status: outcome, updated_at: now };
}
