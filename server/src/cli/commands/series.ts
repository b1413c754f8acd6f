import { InvalidArgumentError, type Command } from 'commander';
import { createSeries, listSeries } from '../../modules/classes/series.js';
import { endSeries, extendSeries, updateSeries } from '../../modules/classes/series-change.js';
import { actorOf, companyOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { action, CliError, printJson, withDatabase } from '../support/run.js';
import { systemActor } from '../../domain/actor.js';
import type { Db } from '../../db/types.js';

export function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

function weekdays(value: string): number[] {
  const days = value.split(',').map((day) => Number(day.trim()));
  if (days.some((day) => !Number.isInteger(day) || day < 1 || day > 7)) throw new InvalidArgumentError('expected ISO weekdays 1 (Monday) to 7 (Sunday), comma-separated: 1,3,5');
  return days;
}

const instructorOf = async (db: Db, text: string | undefined, companyId: string) => (text === undefined ? undefined : text === 'none' ? null : await resolveRef(db, 'staff', text, { companyId }));
const roomOf = async (db: Db, text: string | undefined, companyId: string) => (text === undefined ? undefined : text === 'none' ? null : await resolveRef(db, 'room', text, { companyId }));

/** The series and the business it belongs to, as the actor the command acts as. */
async function seriesActor(db: Db, text: string) {
  const id = await resolveRef(db, 'series', text);
  const row = await db.first(db.qb.selectFrom('class_series').select('company_id').where('id', '=', id));
  if (!row) throw new CliError(`No class series ${id}.`);
  return { id, actor: systemActor(row.company_id, 'studio CLI') };
}

const dryRunNote = '--dry-run: print what would change and change nothing';

export function registerSeriesCommands(program: Command): void {
  const series = program.command('series').description("Weekly class series: a location's wall time on chosen weekdays, its classes written ahead (at most five years).");
  series
    .command('list')
    .description('The series of a location, with how many classes each has ahead.')
    .requiredOption('--location <location>', 'the location (id or slug)')
    .action(
      action(async (options: { location: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const location = await resolveRef(db, 'location', options.location);
            return listSeries(db, await actorOf(db, 'locations', location), location);
          }),
        );
      }),
    );
  series
    .command('create')
    .description("Create a weekly series and its classes in the location's zone (DST-correct). Prints the series and `classes_created`.")
    .requiredOption('--location <location>', 'the location (id or slug)')
    .requiredOption('--service <service>', 'a class service of the location (id or unique name)')
    .requiredOption('--weekdays <list>', 'ISO weekdays, Monday = 1: 1,3,5', weekdays)
    .requiredOption('--start-time <HH:MM>', 'local start time')
    .requiredOption('--capacity <n>', 'spots per class', wholeNumber)
    .requiredOption('--starts-on <date>', 'first day, YYYY-MM-DD')
    .requiredOption('--ends-on <date>', 'last day, YYYY-MM-DD')
    .option('--duration <minutes>', "default the service's duration", wholeNumber)
    .option('--instructor <staff>', 'the instructor (id or unique name)')
    .option('--room <room>', 'the room (id or unique name)')
    .action(
      action(
        async (options: {
          location: string;
          service: string;
          weekdays: number[];
          startTime: string;
          capacity: number;
          startsOn: string;
          endsOn: string;
          duration?: number;
          instructor?: string;
          room?: string;
        }) => {
          printJson(
            await withDatabase(async (db) => {
              const location = await resolveRef(db, 'location', options.location);
              const companyId = await companyOf(db, 'locations', location);
              return createSeries(db, systemActor(companyId, 'studio CLI'), {
                location_id: location,
                service_id: await resolveRef(db, 'service', options.service, { companyId }),
                staff_id: (await instructorOf(db, options.instructor, companyId)) ?? null,
                room_id: (await roomOf(db, options.room, companyId)) ?? null,
                weekdays: options.weekdays,
                start_time: options.startTime,
                capacity: options.capacity,
                starts_on: options.startsOn,
                ends_on: options.endsOn,
                ...(options.duration !== undefined && { duration_minutes: options.duration }),
              });
            }),
          );
        },
      ),
    );
  series
    .command('update')
    .description(
      "Change the series' instructor, room, capacity, start time or duration for its classes ahead; a class changed on its own keeps its value. Prints the classes touched, the bookings in them and the classes kept, with why.",
    )
    .argument('<series>', 'the series id')
    .option('--instructor <staff>', 'the instructor (id or unique name), or "none"')
    .option('--room <room>', 'the room (id or unique name), or "none"')
    .option('--capacity <n>', 'spots per class', wholeNumber)
    .option('--start-time <HH:MM>', 'local start time')
    .option('--duration <minutes>', 'length of each class', wholeNumber)
    .option('--dry-run', dryRunNote)
    .action(
      action(async (text: string, options: { instructor?: string; room?: string; capacity?: number; startTime?: string; duration?: number; dryRun?: boolean }) => {
        printJson(
          await withDatabase(async (db) => {
            const { id, actor } = await seriesActor(db, text);
            const staff = await instructorOf(db, options.instructor, actor.companyId);
            const room = await roomOf(db, options.room, actor.companyId);
            return updateSeries(db, actor, id, {
              ...(staff !== undefined && { staff_id: staff }),
              ...(room !== undefined && { room_id: room }),
              ...(options.capacity !== undefined && { capacity: options.capacity }),
              ...(options.startTime !== undefined && { start_time: options.startTime }),
              ...(options.duration !== undefined && { duration_minutes: options.duration }),
              dry_run: options.dryRun === true,
            });
          }),
        );
      }),
    );
  series
    .command('end')
    .description('End the series from a local day on: its classes from then nobody booked are removed, booked ones cancelled (spots released without using a credit; `classes restore` undoes one).')
    .argument('<series>', 'the series id')
    .requiredOption('--from <date>', 'the first day without the series, today or later')
    .option('--dry-run', dryRunNote)
    .action(
      action(async (text: string, options: { from: string; dryRun?: boolean }) => {
        printJson(
          await withDatabase(async (db) => {
            const { id, actor } = await seriesActor(db, text);
            return endSeries(db, actor, id, { from: options.from, dry_run: options.dryRun === true });
          }),
        );
      }),
    );
  series
    .command('extend')
    .description("Run the series until a later day (at most five years from its first), writing the new days' classes.")
    .argument('<series>', 'the series id')
    .requiredOption('--ends-on <date>', 'the new last day')
    .option('--dry-run', dryRunNote)
    .action(
      action(async (text: string, options: { endsOn: string; dryRun?: boolean }) => {
        printJson(
          await withDatabase(async (db) => {
            const { id, actor } = await seriesActor(db, text);
            return extendSeries(db, actor, id, { ends_on: options.endsOn, dry_run: options.dryRun === true });
          }),
        );
      }),
    );
}
