import { membershipStatuses } from '@studio/shared';
import type { Command } from 'commander';
import { setMembershipStatus } from '../../modules/members/admin.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { registerMembershipSaleCommands } from './membership-sales.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerMembershipCommands(program: Command): void {
  const memberships = program.command('memberships').description('Memberships and packages contacts hold.');
  registerMembershipSaleCommands(memberships);
  memberships
    .command('set-status')
    .description("Set a membership's status; check-in decides by it at once, device agents at their next sync.")
    .argument('<membership>', "the membership: its id, member code, or its holder's email or full name")
    .argument('<status>', membershipStatuses.join(', '))
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (membership: string, status: string, options: { company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'membership', membership, await companyScope(db, options.company));
            return setMembershipStatus(db, await actorOf(db, 'memberships', id), id, status);
          }),
        );
      }),
    );
}
