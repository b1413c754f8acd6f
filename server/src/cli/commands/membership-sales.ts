import { DateOnly } from '@studio/shared';
import type { Command } from 'commander';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { contactMemberships, sellMembership } from '../../modules/memberships/sell.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { CliError, action, printJson, withDatabase } from '../support/run.js';

export interface SaleOptions {
  contact: string;
  startsOn?: string;
  memberCode?: string;
  company?: string;
}

/** The contact `--contact` names and their business as the actor. */
export async function contactActor(db: Db, options: { contact: string; company?: string }): Promise<{ contactId: string; actor: Actor }> {
  const contactId = await resolveRef(db, 'contact', options.contact, await companyScope(db, options.company));
  return { contactId, actor: await actorOf(db, 'contacts', contactId) };
}

/** `--starts-on` and `--member-code`, checked as the API checks them. */
export function saleTerms(options: SaleOptions): { start_date?: string; member_code?: string } {
  if (options.startsOn !== undefined && !DateOnly.safeParse(options.startsOn).success) throw new CliError(`--starts-on ${options.startsOn}: expected a calendar date YYYY-MM-DD`);
  const code = options.memberCode?.trim();
  if (code !== undefined && (code === '' || code.length > 64)) throw new CliError('--member-code: 1 to 64 characters');
  return { ...(options.startsOn !== undefined && { start_date: options.startsOn }), ...(code !== undefined && { member_code: code }) };
}

/** Options both sales take. */
export function withSaleOptions(command: Command): Command {
  return command
    .requiredOption('--contact <contact>', 'the buyer: id, member code, email, +E.164 phone or full name')
    .option('--starts-on <YYYY-MM-DD>', "the first day (default: today at the seller location's zone)")
    .option('--member-code <code>', 'a member code for the kiosk and turnstile: unique in the company, compared without case or spaces')
    .option('--company <company>', companyOptionHelp);
}

/** `studio memberships sell|list`, on the membership API's own services (modules/memberships/sell.ts). */
export function registerMembershipSaleCommands(memberships: Command): void {
  withSaleOptions(memberships.command('sell').description('Sell a membership plan to a contact: an active membership from --starts-on; prints it as the contact now holds it.'))
    .requiredOption('--plan <plan>', "the plan: its id or name (in the contact's company)")
    .action(
      action(async (options: SaleOptions & { plan: string }) => {
        const terms = saleTerms(options);
        printJson(
          await withDatabase(async (db) => {
            const { contactId, actor } = await contactActor(db, options);
            const planId = await resolveRef(db, 'plan', options.plan, { companyId: actor.companyId });
            return sellMembership(db, actor, contactId, { plan_id: planId, ...terms });
          }),
        );
      }),
    );
  memberships
    .command('list')
    .description('List what a contact holds: memberships and packages, oldest first, with status, the current period and the visits or credits left.')
    .requiredOption('--contact <contact>', 'the contact: id, member code, email, +E.164 phone or full name')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (options: { contact: string; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const { contactId, actor } = await contactActor(db, options);
            return contactMemberships(db, actor, contactId);
          }),
        );
      }),
    );
}
