import { InvalidArgumentError, type Command } from 'commander';
import { addToWaitlist, cancelClass, updateClass } from '../../modules/classes/admin.js';
import { restoreClass } from '../../modules/classes/restore.js';
import { actorOf } from '../support/owner.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { registerClassTimetableCommands } from './classes-timetable.js';

function capacity(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

export function registerClassCommands(program: Command): void {
  const classes = program.command('classes').description('Classes: one-off classes and the roster here; weekly series are `studio series`; these also change one class.');
  registerClassTimetableCommands(classes);
  classes
    .command('cancel')
    .description('Cancel a class: reserved spots are released without using any credit, the waitlist ends (`classes restore` undoes it before the start). Prints the class.')
    .argument('<id>', 'the class')
    .action(
      action(async (id: string) => {
        printJson(await withDatabase(async (db) => cancelClass(db, await actorOf(db, 'classes', id), id)));
      }),
    );
  classes
    .command('restore')
    .description("Undo a class's cancellation while the class is ahead: the spots it released are reserved again as they were, its waitlist queues again. Prints the class and what came back.")
    .argument('<id>', 'the class')
    .action(
      action(async (id: string) => {
        printJson(await withDatabase(async (db) => restoreClass(db, await actorOf(db, 'classes', id), id)));
      }),
    );
  classes
    .command('update')
    .description("Change a class's capacity (never below the spots booked; extra spots go to the waitlist at once) or instructor. Prints the class.")
    .argument('<id>', 'the class')
    .option('--capacity <n>', 'total spots', capacity)
    .option('--instructor <staff id>', 'the instructor, or "none"')
    .action(
      action(async (id: string, options: { capacity?: number; instructor?: string }) => {
        const staffId = options.instructor === undefined ? undefined : options.instructor === 'none' ? null : options.instructor;
        printJson(
          await withDatabase(async (db) =>
            updateClass(db, await actorOf(db, 'classes', id), id, { ...(options.capacity !== undefined && { capacity: options.capacity }), ...(staffId !== undefined && { staffId }) }),
          ),
        );
      }),
    );
  classes
    .command('waitlist-add')
    .description("Put a contact at the end of a class's waitlist (joining is not an API operation); a free spot is given out at once.")
    .argument('<id>', 'the class')
    .argument('<contact>', 'the contact')
    .action(
      action(async (id: string, contact: string) => {
        printJson(await withDatabase(async (db) => addToWaitlist(db, await actorOf(db, 'classes', id), id, contact)));
      }),
    );
}
