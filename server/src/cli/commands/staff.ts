import { DateOnly, LocalEndTime, LocalTime } from '@studio/shared';
import type { Command } from 'commander';
import type { z } from 'zod';
import { DaySpans, TimeOffInput, WeeklyHours, type Span } from '../../modules/staff/schedule-input.js';
import { addTimeOff, clearOverride, removeTimeOff, replaceOverride, replaceWeeklyHours, weeklyHours } from '../../modules/staff/schedule.js';
import { readCheckedJsonFile } from '../support/json-file.js';
import { actorOf } from '../support/owner.js';
import { CliError, action, printJson, withDatabase } from '../support/run.js';
import { registerStaffListCommand } from './appointments.js';

/** Every issue on one line, each led by the option it is about. */
function optionError(issues: z.core.$ZodIssue[], optionOf: (path: PropertyKey[]) => string): CliError {
  return new CliError(issues.map((issue) => `${optionOf(issue.path)}: ${issue.message}`).join('; '));
}

/** `--span 09:00-13:00` as spans of one day, checked as the import checks them. */
function parseSpans(values: string[]): Span[] {
  const spans = values.map((value) => {
    const [start, end, ...rest] = value.split('-');
    // The form first, so `9-13` gets one message, not one per rule it also breaks.
    if (!LocalTime.safeParse(start).success || !LocalEndTime.safeParse(end).success || rest.length) {
      throw new CliError(`--span ${value}: expected START-END in local time, e.g. 09:00-13:00 (an end may be 24:00)`);
    }
    return { start: start!, end: end! };
  });
  const parsed = DaySpans.safeParse(spans);
  if (!parsed.success) throw optionError(parsed.error.issues, ([index]) => (typeof index === 'number' ? `--span ${values[index]}` : '--span'));
  return parsed.data;
}

interface OverrideOptions {
  location: string;
  date: string;
  off?: boolean;
  span: string[];
  clear?: boolean;
}

/** What the override command is asked to do: replace the date (no spans: a day off) or clear it. */
function overrideChange(options: OverrideOptions): { clear: true } | { clear: false; spans: Span[] } {
  if (!DateOnly.safeParse(options.date).success) throw new CliError(`--date ${options.date}: expected a calendar date YYYY-MM-DD`);
  const chosen = [options.off, options.span.length > 0, options.clear].filter(Boolean).length;
  if (chosen !== 1) throw new CliError('give exactly one of --off, --span (repeatable) or --clear');
  if (options.clear) return { clear: true };
  return { clear: false, spans: options.off ? [] : parseSpans(options.span) };
}

const timeOffOptions: Record<string, string> = { start: '--from', end: '--to', reason: '--reason' };

function parseTimeOff(options: { from: string; to: string; reason?: string }) {
  const parsed = TimeOffInput.safeParse({ start: options.from, end: options.to, reason: options.reason });
  if (!parsed.success) throw optionError(parsed.error.issues, ([field]) => timeOffOptions[String(field)] ?? '(time off)');
  return parsed.data;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerStaffCommands(program: Command): void {
  const staff = program.command('staff').description('Staff schedules: weekly hours, date overrides and time off, which availability reads.');
  registerStaffListCommand(staff);
  staff
    .command('hours')
    .description("Print a staff member's weekly hours at a location; with --file, replace them.")
    .argument('<staff-id>', 'the staff member')
    .requiredOption('--location <id>', 'the location')
    .option('--file <hours.json>', 'the new hours, like the printed ones: {"monday": [{"start": "09:00", "end": "17:00"}], ...}; a weekday left out is not worked')
    .action(
      action(async (staffId: string, options: { location: string; file?: string }) => {
        const replacement = options.file === undefined ? undefined : await readCheckedJsonFile(options.file, WeeklyHours, 'hours');
        printJson(
          await withDatabase(async (db) => {
            const actor = await actorOf(db, 'staff', staffId);
            return replacement ? replaceWeeklyHours(db, actor, staffId, options.location, replacement) : weeklyHours(db, actor, staffId, options.location);
          }),
        );
      }),
    );
  staff
    .command('override')
    .description("Replace a staff member's hours on one local date at a location: --off for the day off, --span for the hours worked; --clear goes back to the weekly hours.")
    .argument('<staff-id>', 'the staff member')
    .requiredOption('--location <id>', 'the location')
    .requiredOption('--date <YYYY-MM-DD>', 'the local date')
    .option('--off', 'the staff member does not work that date')
    .option('--span <HH:MM-HH:MM>', 'hours worked that date; repeat for a split day (an end may be 24:00)', collect, [])
    .option('--clear', 'remove the override: the weekly hours apply again')
    .action(
      action(async (staffId: string, options: OverrideOptions) => {
        const change = overrideChange(options);
        printJson(
          await withDatabase(async (db) => {
            const actor = await actorOf(db, 'staff', staffId);
            return change.clear ? clearOverride(db, actor, staffId, options.location, options.date) : replaceOverride(db, actor, staffId, options.location, options.date, change.spans);
          }),
        );
      }),
    );
  staff
    .command('time-off')
    .description('Add time off: no appointments from --from until --to, at every location.')
    .argument('<staff-id>', 'the staff member')
    .requiredOption('--from <time>', 'the first moment off, RFC 3339 with Z or an offset')
    .requiredOption('--to <time>', 'the moment back, RFC 3339 with Z or an offset (at most 366 days later)')
    .option('--reason <text>', 'why, for staff who read the schedule')
    .action(
      action(async (staffId: string, options: { from: string; to: string; reason?: string }) => {
        const input = parseTimeOff(options);
        printJson(await withDatabase(async (db) => addTimeOff(db, await actorOf(db, 'staff', staffId), staffId, input)));
      }),
    );
  staff
    .command('time-off-remove')
    .description('Remove time off by its id (as `staff time-off` prints it); prints the removed entry.')
    .argument('<id>', 'the time off')
    .action(
      action(async (id: string) => {
        printJson(await withDatabase(async (db) => removeTimeOff(db, await actorOf(db, 'staff_time_off', id), id)));
      }),
    );
}
