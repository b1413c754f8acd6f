import { InvalidArgumentError, type Command } from 'commander';
import { addToWaitlist, cancelClass, updateClass } from '../../modules/classes/admin.js';
import { restoreClass } from '../../modules/classes/restore.js';
import type { Db } from '../../db/types.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { registerClassTimetableCommands } from './classes-timetable.js';

function capacity(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

/** The class an argument names, and the business it belongs to as the actor. */
async function classOf(db: Db, text: string) {
  const id = await resolveRef(db, 'class', text);
  return { id, actor: await actorOf(db, 'classes', id) };
}

export function registerClassCommands(program: Command): void {
  const classes = program.command('classes').description('Classes: one-off classes and the roster here; weekly series are `studio series`; these also change one class.');
  registerClassTimetableCommands(classes);
  classes
    .command('cancel')
    .description('Cancel a class: reserved spots are released without using any credit, the waitlist ends (`classes restore` undoes it before the start). Prints the class.')
    .argument('<id>', 'the class')
    .action(
      action(async (text: string) => {
        printJson(
          await withDatabase(async (db) => {
            const { id, actor } = await classOf(db, text);
            return cancelClass(db, actor, id);
          }),
        );
      }),
    );
  classes
    .command('restore')
    .description("Undo a class's cancellation while the class is ahead: the spots it released are reserved again as they were, its waitlist queues again. Prints the class and what came back.")
    .argument('<id>', 'the class')
    .action(
      action(async (text: string) => {
        printJson(
          await withDatabase(async (db) => {
            const { id, actor } = await classOf(db, text);
            return restoreClass(db, actor, id);
          }),
        );
      }),
    );
  classes
    .command('update')
    .description("Change a class's capacity (never below the spots booked; extra spots go to the waitlist at once) or instructor. Prints the class.")
    .argument('<id>', 'the class')
    .option('--capacity <n>', 'total spots', capacity)
    .option('--instructor <staff>', 'the instructor (id, full name, first name or email), or "none"')
    .action(
      action(async (text: string, options: { capacity?: number; instructor?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const { id, actor } = await classOf(db, text);
            const { instructor } = options;
            const staffId = instructor === undefined ? undefined : instructor === 'none' ? null : await resolveRef(db, 'staff', instructor, { companyId: actor.companyId });
            return updateClass(db, actor, id, { ...(options.capacity !== undefined && { capacity: options.capacity }), ...(staffId !== undefined && { staffId }) });
          }),
        );
      }),
    );
  classes
    .command('waitlist-add')
    .description("Put a contact at the end of a class's waitlist (joining is not an API operation); a free spot is given out at once.")
    .argument('<id>', 'the class')
    .argument('<contact>', 'the contact: id, member code, email, +E.164 phone or full name')
    .action(
      action(async (text: string, contact: string) => {
        printJson(
          await withDatabase(async (db) => {
            const { id, actor } = await classOf(db, text);
            return addToWaitlist(db, actor, id, await resolveRef(db, 'contact', contact, { companyId: actor.companyId }));
          }),
        );
      }),
    );
}
