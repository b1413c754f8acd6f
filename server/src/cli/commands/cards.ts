import { EnrolmentFormat, enrolmentFormats } from '@studio/shared';
import type { Command } from 'commander';
import { addCard, revokeCard } from '../../modules/members/admin.js';
import { listCards } from '../../modules/memberships/cards.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { CliError, action, printJson, withDatabase } from '../support/run.js';

function parseFormat(value: string): EnrolmentFormat {
  const parsed = EnrolmentFormat.safeParse(value);
  if (!parsed.success) throw new CliError(`unknown card format "${value}"; one of ${enrolmentFormats.join(', ')}`);
  return parsed.data;
}

export function registerCardCommands(program: Command): void {
  const cards = program.command('cards').description('RFID cards and fobs of memberships (card formats: docs/import-format.md).');
  cards
    .command('add')
    .description('Enrol a card to a membership; prints its canonical key, never the number as typed.')
    .requiredOption('--membership <membership>', "the membership the card admits: its id, member code, or its holder's email or full name")
    .requiredOption('--uid <number>', 'the number printed on the card or shown by a reader')
    .option('--format <format>', `how to read the number: ${enrolmentFormats.join(', ')}`, 'auto')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (options: { membership: string; uid: string; format: string; company?: string }) => {
        const format = parseFormat(options.format);
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'membership', options.membership, await companyScope(db, options.company));
            return addCard(db, await actorOf(db, 'memberships', id), id, options.uid, format);
          }),
        );
      }),
    );
  cards
    .command('list')
    .description("List a membership's cards, revoked ones included (canonical keys, never the numbers as typed).")
    .requiredOption('--membership <membership>', "the membership: its id, member code, or its holder's email or full name")
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (options: { membership: string; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'membership', options.membership, await companyScope(db, options.company));
            return listCards(db, await actorOf(db, 'memberships', id), id);
          }),
        );
      }),
    );
  cards
    .command('revoke')
    .description('Revoke a card: resolve stops matching it at once, and device agents drop it at their next sync.')
    .argument('<card>', 'the card: its id or its canonical key (U:…, W:…), as `cards add` and `cards list` print them')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (card: string, options: { company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'card', card, await companyScope(db, options.company));
            return revokeCard(db, await actorOf(db, 'credentials', id), id);
          }),
        );
      }),
    );
}
