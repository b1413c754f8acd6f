import { DateOnly, DateTimeInput } from '@studio/shared';
import type { Command } from 'commander';
import { DateTime } from 'luxon';
import type { Db } from '../../db/types.js';
import { systemActor, type Actor } from '../../domain/actor.js';
import { fullName } from '@studio/shared';
import { calendarBookings } from '../../modules/appointments/booking-views.js';
import { availability, cancelBooking, createBooking, rescheduleBooking } from '../../modules/appointments/bookings-service.js';
import { namingTheClash } from '../../modules/appointments/clash.js';
import { addDays } from '../../modules/appointments/engine/local-time.js';
import { boundary } from '../../modules/locations/time-window.js';
import { locationStaff } from '../../modules/staff/location-staff.js';
import { companyOf } from '../support/owner.js';
import { resolveOptionalRef, resolveRef } from '../support/references.js';
import { CliError, action, printJson, withDatabase } from '../support/run.js';

/**
 * Appointment bookings and availability from the command line, through the same services as
 * POST /v1/bookings and GET /v1/availability, acting as the business. Every reference goes through
 * resolveRef: an id, a location's slug, a name where it is unique.
 */

const actorFor = (companyId: string): Actor => systemActor(companyId, 'studio CLI');

async function locationRow(db: Db, id: string) {
  return (await db.first(db.qb.selectFrom('locations').select(['id', 'company_id', 'timezone', 'name']).where('id', '=', id)))!;
}

/** `--start`: RFC 3339 with an offset, or a wall-clock 'YYYY-MM-DDTHH:MM' at the location. */
export function startInstant(text: string, zone: string): string {
  if (DateTimeInput.safeParse(text).success) return text;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/.test(text)) {
    const local = DateTime.fromISO(text.replace(' ', 'T'), { zone });
    if (local.isValid) return local.toUTC().toISO()!;
  }
  throw new CliError(`--start ${text}: expected a local time at the location (2026-03-10T14:30) or RFC 3339 with an offset (2026-03-10T14:30:00-05:00)`);
}

function dateOption(option: string, text: string): string {
  if (!DateOnly.safeParse(text).success) throw new CliError(`${option} ${text}: expected a calendar date YYYY-MM-DD`);
  return text;
}

async function bookingView(db: Db, companyId: string, id: string) {
  const [view] = await calendarBookings(db, db, companyId, { id });
  return view!;
}

interface CreateOptions {
  contact: string;
  service: string;
  staff?: string;
  location: string;
  start: string;
  notes?: string;
}

/** The subcommands of `studio bookings` beside `set-status` (commands/bookings.ts). */
export function registerAppointmentBookingCommands(bookings: Command): void {
  bookings
    .command('create')
    .description(
      'Book an appointment into an open slot, as POST /v1/bookings does; prints the booking. A clash is refused naming the booking it clashes with; a rule (hours, notice, grid) is refused.',
    )
    .requiredOption('--contact <ref>', 'the client: id, member code, email or a unique name')
    .requiredOption('--service <ref>', 'the appointment service: id or a unique name')
    .requiredOption('--location <ref>', 'the location: id or slug')
    .requiredOption('--start <time>', 'local time at the location (2026-03-10T14:30) or RFC 3339 with an offset')
    .option('--staff <ref>', 'the staff member (default: any free qualified one): id or a unique name')
    .option('--notes <text>', 'a note kept with the booking')
    .action(
      action(async (options: CreateOptions) => {
        printJson(
          await withDatabase(async (db) => {
            const locationId = await resolveRef(db, 'location', options.location);
            const location = await locationRow(db, locationId);
            const within = { companyId: location.company_id };
            const [contactId, serviceId, staffId] = await Promise.all([
              resolveRef(db, 'contact', options.contact, within),
              resolveRef(db, 'service', options.service, within),
              resolveOptionalRef(db, 'staff', options.staff, within),
            ]);
            const start = startInstant(options.start, location.timezone);
            const attempt = { companyId: location.company_id, locationZone: location.timezone, serviceId, staffId, start };
            const booking = await namingTheClash(db, attempt, () =>
              createBooking(db, actorFor(location.company_id), {
                location_id: locationId,
                service_id: serviceId,
                contact_id: contactId,
                start,
                source: 'staff',
                ...(staffId !== undefined && { technician_id: staffId }),
                ...(options.notes !== undefined && { notes: options.notes }),
              }),
            );
            return bookingView(db, location.company_id, booking.id);
          }),
        );
      }),
    );
  bookings
    .command('reschedule')
    .description('Move a booking to another start with the same staff member, by the rules of a new booking; prints it.')
    .argument('<booking>', 'the booking id')
    .requiredOption('--start <time>', "local time at the booking's location (2026-03-10T14:30) or RFC 3339 with an offset")
    .action(
      action(async (ref: string, options: { start: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'booking', ref);
            const companyId = await companyOf(db, 'bookings', id);
            const row = (await db.first(db.qb.selectFrom('bookings').select(['location_id', 'service_id', 'staff_id']).where('id', '=', id)))!;
            const location = await locationRow(db, row.location_id);
            const start = startInstant(options.start, location.timezone);
            const attempt = { companyId, locationZone: location.timezone, serviceId: row.service_id, staffId: row.staff_id, start, excludeBookingId: id };
            await namingTheClash(db, attempt, () => rescheduleBooking(db, actorFor(companyId), id, start));
            return bookingView(db, companyId, id);
          }),
        );
      }),
    );
  bookings
    .command('cancel')
    .description("Cancel a booking for the business: inside the location's cancellation window it is flagged late_cancel; prints it.")
    .argument('<booking>', 'the booking id')
    .option('--reason <text>', 'why, kept with the booking')
    .action(
      action(async (ref: string, options: { reason?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'booking', ref);
            const companyId = await companyOf(db, 'bookings', id);
            const booking = await cancelBooking(db, actorFor(companyId), id, options.reason !== undefined ? { reason: options.reason } : {});
            return { ...(await bookingView(db, companyId, id)), cancellation_reason: booking.cancellation_reason };
          }),
        );
      }),
    );
  bookings
    .command('list')
    .description("A location's bookings by start (cancelled ones too, by their status), from --from (default today) until --to (default a week later), dates local to the location.")
    .requiredOption('--location <ref>', 'the location: id or slug')
    .option('--from <date>', 'the first local date (YYYY-MM-DD) or an RFC 3339 instant')
    .option('--to <date>', 'the local date (YYYY-MM-DD) or instant before which bookings start')
    .action(
      action(async (options: { location: string; from?: string; to?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const location = await locationRow(db, await resolveRef(db, 'location', options.location));
            const today = DateTime.now().setZone(location.timezone).toISODate()!;
            const from = boundary(options.from ?? today, location.timezone, '--from');
            const to = boundary(options.to ?? (options.from && DateOnly.safeParse(options.from).success ? addDays(options.from, 7) : addDays(today, 7)), location.timezone, '--to');
            if (Date.parse(to) <= Date.parse(from)) throw new CliError('--to must be after --from');
            return { data: await calendarBookings(db, db, location.company_id, { locationId: location.id, from, to }) };
          }),
        );
      }),
    );
}

/** `studio staff list`: who works where, as the calendar's columns. */
export function registerStaffListCommand(staff: Command): void {
  staff
    .command('list')
    .description("A location's staff (weekly hours or an override there, or qualified for one of its services), or a company's, by name.")
    .option('--location <ref>', 'the location: id or slug')
    .option('--company <ref>', 'every staff member of the company: id, key prefix or name')
    .action(
      action(async (options: { location?: string; company?: string }) => {
        if ((options.location === undefined) === (options.company === undefined)) throw new CliError('give exactly one of --location or --company');
        printJson(
          await withDatabase(async (db) => {
            if (options.location !== undefined) {
              const location = await locationRow(db, await resolveRef(db, 'location', options.location));
              return { data: await locationStaff(db, db, location.company_id, location.id) };
            }
            const companyId = await resolveRef(db, 'company', options.company!);
            const rows = await db.all(db.qb.selectFrom('staff').select(['id', 'first_name', 'last_name', 'email']).where('company_id', '=', companyId));
            return {
              data: rows.map((row) => ({ id: row.id, name: fullName(row), email: row.email })).sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.id < b.id ? -1 : 1)),
            };
          }),
        );
      }),
    );
}

/** `studio availability`: GET /v1/availability for one local date. */
export function registerAvailabilityCommand(program: Command): void {
  program
    .command('availability')
    .description('Open slots of an appointment service on one local date at its location, as GET /v1/availability answers them (the same check bookings pass).')
    .requiredOption('--service <ref>', 'the appointment service: id or a unique name')
    .requiredOption('--date <YYYY-MM-DD>', 'the local date')
    .option('--location <ref>', "the location (default: the service's): id or slug")
    .option('--staff <ref>', 'only this staff member: id or a unique name')
    .action(
      action(async (options: { service: string; date: string; location?: string; staff?: string }) => {
        const date = dateOption('--date', options.date);
        printJson(
          await withDatabase(async (db) => {
            const locationId = await resolveOptionalRef(db, 'location', options.location);
            const companyId = locationId !== undefined ? (await locationRow(db, locationId)).company_id : undefined;
            const serviceId = await resolveRef(db, 'service', options.service, companyId !== undefined ? { companyId } : undefined);
            const service = (await db.first(db.qb.selectFrom('services').select(['company_id']).where('id', '=', serviceId)))!;
            const staffId = await resolveOptionalRef(db, 'staff', options.staff, { companyId: service.company_id });
            const slots = await availability(db, actorFor(service.company_id), { service_id: serviceId, location_id: locationId, technician_id: staffId, from: date, to: addDays(date, 1) });
            return { data: slots };
          }),
        );
      }),
    );
}
