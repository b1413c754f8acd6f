import type { Command } from 'commander';
import { bookingOutcomes, setBookingOutcome } from '../../modules/appointments/booking-outcome.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { registerAppointmentBookingCommands } from './appointments.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerBookingCommands(program: Command): void {
  const bookings = program.command('bookings').description('Appointment bookings.');
  registerAppointmentBookingCommands(bookings);
  bookings
    .command('set-status')
    .description('Record how a booking that has started went; a cancelled booking cannot be marked.')
    .argument('<id>', 'the booking')
    .argument('<status>', bookingOutcomes.join(' or '))
    .action(
      action(async (booking: string, status: string) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'booking', booking);
            return setBookingOutcome(db, await actorOf(db, 'bookings', id), id, status);
          }),
        );
      }),
    );
}
