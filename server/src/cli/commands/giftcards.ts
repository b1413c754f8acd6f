import type { Command } from 'commander';
import { GiftCardIssue } from '../../modules/setup/setup-inputs.js';
import { issueGiftCard } from '../../modules/setup/gift-cards-admin.js';
import { companyOptionHelp } from '../support/company-option.js';
import { action, printJson, withDatabase } from '../support/run.js';
import { checkedInput, setupScope, wholeNumber } from '../support/setup-options.js';

/** `studio giftcards issue|list`, as Setup -> Gift cards. */
export function registerGiftCardCommands(program: Command): void {
  const giftcards = program.command('giftcards').description('Gift cards: a code with a balance, issued at a location.');
  giftcards
    .command('issue')
    .description('Issue a gift card with its code and balance at a location; prints it.')
    .requiredOption('--location <location>', 'the location issuing it: id, slug or name')
    .requiredOption('--code <code>', 'the code printed on the card, unique in the company')
    .requiredOption('--balance-cents <cents>', 'its balance in minor units (cents)', wholeNumber('--balance-cents'))
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (options: { location: string; code: string; balanceCents: number; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const { actor, locationId } = await setupScope(db, options.location, options.company);
            const input = checkedInput(GiftCardIssue, { location_id: locationId, code: options.code, balance_cents: options.balanceCents }, { code: '--code', balance_cents: '--balance-cents' });
            return issueGiftCard(db, actor, input);
          }),
        );
      }),
    );
  giftcards
    .command('list')
    .description("List gift cards, oldest first: a location's, or the company's.")
    .option('--location <location>', 'only this location: its id, slug or name')
    .option('--company <company>', 'the company: its id, key prefix or name (default: the only one)')
    .action(
      action(async (options: { location?: string; company?: string }) => {
        printJson(
          await withDatabase(async (db) => {
            const { actor, locationId } = await setupScope(db, options.location, options.company);
            let query = db.qb
              .selectFrom('gift_cards')
              .select(['id', 'location_id', 'code', 'initial_balance_cents', 'current_balance_cents', 'status', 'created_at'])
              .where('company_id', '=', actor.companyId);
            if (locationId !== undefined) query = query.where('location_id', '=', locationId);
            return db.all(query.orderBy('created_at').orderBy('id'));
          }),
        );
      }),
    );
}
