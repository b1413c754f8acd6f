import type { Command } from 'commander';
import { systemActor } from '../../domain/actor.js';
import { StaffMemberCreate } from '../../modules/setup/setup-inputs.js';
import { createStaffMember } from '../../modules/setup/staff-members.js';
import { chosenCompany } from '../support/company-option.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { checkedInput } from '../support/setup-options.js';

const companyHelp = 'the company: its id, key prefix or name (default: the only one)';

/** `studio staff create`: a bookable staff member (who gives appointments and classes), not a staff account; `staff list` lists them. */
export function registerStaffMemberCommands(staff: Command): void {
  staff
    .command('create')
    .description('Add a bookable staff member (who gives appointments or teaches); prints them. Hours: `staff hours --file`.')
    .requiredOption('--first-name <name>', 'their first name')
    .option('--last-name <name>', 'their last name')
    .option('--email <email>', 'their email')
    .option('--company <company>', companyHelp)
    .action(
      action(async (options: { firstName: string; lastName?: string; email?: string; company?: string }) => {
        const input = checkedInput(
          StaffMemberCreate,
          { first_name: options.firstName, last_name: options.lastName, email: options.email },
          { first_name: '--first-name', last_name: '--last-name', email: '--email' },
        );
        printJson(await withDatabase(async (db) => createStaffMember(db, systemActor(await chosenCompany(db, options.company), 'studio CLI'), input)));
      }),
    );
}
