import type { Command } from 'commander';
import { DateTime } from 'luxon';
import { systemActor } from '../../domain/actor.js';
import { bookClass } from '../../modules/classes/book.js';
import { checkInToClass } from '../../modules/classes/check-in.js';
import { createOneOffClass } from '../../modules/classes/one-off.js';
import { classDetail } from '../../modules/classes/timetable.js';
import { classSummaries, toClassSummary } from '../../modules/classes/class-repository.js';
import { requireLocation } from '../../modules/locations/lookup.js';
import { actorOf, companyOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { action, CliError, printJson, withDatabase } from '../support/run.js';
import { wholeNumber } from './series.js';

/** `classes create|list|roster|book|check-in`: one-off classes and the roster, through the same services as the API and the web app. */
export function registerClassTimetableCommands(classes: Command): void {
  classes
    .command('create')
    .description("Create a one-off class. --start is the location's wall time (2026-03-29T10:00; a time the clocks skip is refused) or an RFC 3339 instant. Prints the class.")
    .requiredOption('--location <location>', 'the location (id or slug)')
    .requiredOption('--service <service>', 'a class service of the location (id or unique name)')
    .requiredOption('--start <time>', 'local YYYY-MM-DDTHH:MM, or RFC 3339')
    .requiredOption('--capacity <n>', 'spots', wholeNumber)
    .option('--duration <minutes>', "default the service's duration", wholeNumber)
    .option('--instructor <staff>', 'the instructor (id or unique name)')
    .option('--room <room>', 'the room (id or unique name)')
    .action(
      action(async (options: { location: string; service: string; start: string; capacity: number; duration?: number; instructor?: string; room?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const location = await resolveRef(db, 'location', options.location);
            const companyId = await companyOf(db, 'locations', location);
            return createOneOffClass(db, systemActor(companyId, 'studio CLI'), {
              location_id: location,
              service_id: await resolveRef(db, 'service', options.service, { companyId }),
              staff_id: options.instructor === undefined ? null : await resolveRef(db, 'staff', options.instructor, { companyId }),
              room_id: options.room === undefined ? null : await resolveRef(db, 'room', options.room, { companyId }),
              start: options.start,
              capacity: options.capacity,
              ...(options.duration !== undefined && { duration_minutes: options.duration }),
            });
          }),
        );
      }),
    );
  classes
    .command('list')
    .description('The classes of a location starting on the local days --from to --to (both included), earliest first, cancelled ones too.')
    .requiredOption('--location <location>', 'the location (id or slug)')
    .requiredOption('--from <date>', 'first local day, YYYY-MM-DD')
    .requiredOption('--to <date>', 'last local day, YYYY-MM-DD')
    .action(
      action(async (options: { location: string; from: string; to: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const locationId = await resolveRef(db, 'location', options.location);
            const actor = await actorOf(db, 'locations', locationId);
            const location = await requireLocation(db, db, actor, locationId);
            const from = DateTime.fromISO(options.from, { zone: location.timezone });
            const to = DateTime.fromISO(options.to, { zone: location.timezone }).plus({ days: 1 });
            if (!from.isValid || !to.isValid || to <= from) throw new CliError('--from and --to are local days, YYYY-MM-DD, --to not before --from.');
            const rows = await db.all(
              classSummaries(db, actor.companyId, new Date().toISOString())
                .where('c.location_id', '=', location.id)
                .where('c.start_at', '>=', from.toUTC().toISO()!)
                .where('c.start_at', '<', to.toUTC().toISO()!)
                .orderBy('c.start_at')
                .orderBy('c.id'),
            );
            return { data: rows.map(toClassSummary) };
          }),
        );
      }),
    );
  classes
    .command('roster')
    .description('A class with its roster (cancelled spots kept) and its waitlist in order.')
    .argument('<class>', 'the class id')
    .action(
      action(async (text: string) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'class', text);
            return classDetail(db, await actorOf(db, 'classes', id), id);
          }),
        );
      }),
    );
  classes
    .command('book')
    .description('Book a contact into a class by the API’s rules; --allow-without-entitlement books one without a covering plan (paid at the desk).')
    .argument('<class>', 'the class id')
    .argument('<contact>', 'the contact (id, member code or unique name)')
    .option('--allow-without-entitlement', 'book even without a covering membership or package')
    .action(
      action(async (text: string, contactText: string, options: { allowWithoutEntitlement?: boolean }) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'class', text);
            const actor = await actorOf(db, 'classes', id);
            const contact = await resolveRef(db, 'contact', contactText, { companyId: actor.companyId });
            return bookClass(db, actor, id, { contact_id: contact, allow_without_entitlement: options.allowWithoutEntitlement === true });
          }),
        );
      }),
    );
  classes
    .command('check-in')
    .description("Check a booked contact in: the API's class check-in (its window, alerts and credit), recorded with source `staff`.")
    .argument('<class>', 'the class id')
    .argument('<contact>', 'the contact (id, member code or unique name)')
    .action(
      action(async (text: string, contactText: string) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'class', text);
            const actor = await actorOf(db, 'classes', id);
            const contact = await resolveRef(db, 'contact', contactText, { companyId: actor.companyId });
            return checkInToClass(db, actor, id, { contact_id: contact, source: 'staff' });
          }),
        );
      }),
    );
}
