import { DateOnly, LocalEndTime, LocalTime } from '@studio/shared';
import type { Command } from 'commander';
import type { z } from 'zod';
import { DaySpans, TimeOffInput, WeeklyHours, type Span } from '../../modules/staff/schedule-input.js';
import { addTimeOff, clearOverride, removeTimeOff, replaceOverride, replaceWeeklyHours, weeklyHours } from '../../modules/staff/schedule.js';
import { readCheckedJsonFile } from '../support/json-file.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { CliError, action, printJson, withDatabase } from '../support/run.js';
import { registerStaffMemberCommands } from './staff-members.js';
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
  company?: string;
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

/** The staff member an argument names, and their business as the actor. */
async function staffOf(db: Db, text: string, company: string | undefined): Promise<{ staffId: string; actor: Actor }> {
  const staffId = await resolveRef(db, 'staff', text, await companyScope(db, company));
  return { staffId, actor: await actorOf(db, 'staff', staffId) };
}

/** The staff member and `--location`, a location of their business. */
async function staffAt(db: Db, text: string, options: { company?: string; location: string }) {
  const { staffId, actor } = await staffOf(db, text, options.company);
  return { staffId, actor, locationId: await resolveRef(db, 'location', options.location, { companyId: actor.companyId }) };
}

export function registerStaffCommands(program: Command): void {
  const staff = program.command('staff').description('Staff schedules: weekly hours, date overrides and time off, which availability reads.');
  registerStaffMemberCommands(staff);
  registerStaffListCommand(staff);
  staff
    .command('hours')
    .description("Print a staff member's weekly hours at a location; with --file, replace them.")
    .argument('<staff>', 'the staff member: id, full name, first name or email')
    .requiredOption('--location <location>', 'the location: its id, slug or name')
    .option('--company <company>', companyOptionHelp)
    .option('--file <hours.json>', 'the new hours, like the printed ones: {"monday": [{"start": "09:00", "end": "17:00"}], ...}; a weekday left out is not worked')
    .action(
      action(async (staff: string, options: { location: string; file?: string; company?: string }) => {
        const replacement = options.file === undefined ? undefined : await readCheckedJsonFile(options.file, WeeklyHours, 'hours');
        printJson(
          await withDatabase(async (db) => {
            const { staffId, actor, locationId } = await staffAt(db, staff, options);
            return replacement ? replaceWeeklyHours(db, actor, staffId, locationId, replacement) : weeklyHours(db, actor, staffId, locationId);
          }),
        );
      }),
    );
  staff
    .command('override')
    .description("Replace a staff member's hours on one local date at a location: --off for the day off, --span for the hours worked; --clear goes back to the weekly hours.")
    .argument('<staff>', 'the staff member: id, full name, first name or email')
    .requiredOption('--location <location>', 'the location: its id, slug or name')
    .option('--company <company>', companyOptionHelp)
    .requiredOption('--date <YYYY-MM-DD>', 'the local date')
    .option('--off', 'the staff member does not work that date')
    .option('--span <HH:MM-HH:MM>', 'hours worked that date; repeat for a split day (an end may be 24:00)', collect, [])
    .option('--clear', 'remove the override: the weekly hours apply again')
    .action(
      action(async (staff: string, options: OverrideOptions) => {
        const change = overrideChange(options);
        printJson(
          await withDatabase(async (db) => {
            const { staffId, actor, locationId } = await staffAt(db, staff, options);
            return change.clear ? clearOverride(db, actor, staffId, locationId, options.date) : replaceOverride(db, actor, staffId, locationId, options.date, change.spans);
          }),
        );
      }),
    );
  staff
    .command('time-off')
    .description('Add time off: no appointments from --from until --to, at every location.')
    .argument('<staff>', 'the staff member: id, full name, first name or email')
    .requiredOption('--from <time>', 'the first moment off, RFC 3339 with Z or an offset')
    .requiredOption('--to <time>', 'the moment back, RFC 3339 with Z or an offset (at most 366 days later)')
    .option('--reason <text>', 'why, for staff who read the schedule')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (staff: string, options: { from: string; to: string; reason?: string; company?: string }) => {
        const input = parseTimeOff(options);
        printJson(
          await withDatabase(async (db) => {
            const { staffId, actor } = await staffOf(db, staff, options.company);
            return addTimeOff(db, actor, staffId, input);
          }),
        );
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
