import { EnrolmentFormat, enrolmentFormats } from '@studio/shared';
import type { Command } from 'commander';
import { addCard, revokeCard } from '../../modules/members/admin.js';
import { listCards } from '../../modules/memberships/cards.js';
import { actorOf } from '../support/owner.js';
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
    .requiredOption('--membership <id>', 'the membership the card admits')
    .requiredOption('--uid <number>', 'the number printed on the card or shown by a reader')
    .option('--format <format>', `how to read the number: ${enrolmentFormats.join(', ')}`, 'auto')
    .action(
      action(async (options: { membership: string; uid: string; format: string }) => {
        const format = parseFormat(options.format);
        printJson(await withDatabase(async (db) => addCard(db, await actorOf(db, 'memberships', options.membership), options.membership, options.uid, format)));
      }),
    );
  cards
    .command('list')
    .description("List a membership's cards, revoked ones included (canonical keys, never the numbers as typed).")
    .requiredOption('--membership <id>', 'the membership')
    .action(
      action(async (options: { membership: string }) => {
        printJson(await withDatabase(async (db) => listCards(db, await actorOf(db, 'memberships', options.membership), options.membership)));
      }),
    );
  cards
    .command('revoke')
    .description('Revoke a card: resolve stops matching it at once, and device agents drop it at their next sync.')
    .argument('<id>', 'the card id (as `cards add` and `cards list` print it)')
    .action(
      action(async (id: string) => {
        printJson(await withDatabase(async (db) => revokeCard(db, await actorOf(db, 'credentials', id), id)));
      }),
    );
}
