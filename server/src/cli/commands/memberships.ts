import { membershipStatuses } from '@studio/shared';
import type { Command } from 'commander';
import { setMembershipStatus } from '../../modules/members/admin.js';
import { actorOf } from '../support/owner.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerMembershipCommands(program: Command): void {
  const memberships = program.command('memberships').description('Memberships and packages contacts hold.');
  memberships
    .command('set-status')
    .description("Set a membership's status; check-in decides by it at once, device agents at their next sync.")
    .argument('<id>', 'the membership')
    .argument('<status>', membershipStatuses.join(', '))
    .action(
      action(async (id: string, status: string) => {
        printJson(await withDatabase(async (db) => setMembershipStatus(db, await actorOf(db, 'memberships', id), id, status)));
      }),
    );
}
