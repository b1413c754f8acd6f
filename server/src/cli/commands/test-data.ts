import type { Command } from 'commander';
import { systemClock } from '../../clock/time.js';
import { clearTestData } from '../../modules/companies/test-data.js';
import { resolveRef } from '../support/references.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerTestDataCommands(program: Command): void {
  const testData = program.command('test-data').description("Test mode's data: what test keys and `demo --test` wrote, apart from live data.");
  testData
    .command('clear')
    .description(
      'Delete all test data of a company (as Stripe\'s "Delete all test data"): every location, contact, membership, class, booking, visit, event, webhook delivery and other record of its test mode, in one transaction. Its test keys and test webhook endpoints stay. Live data is never touched. Prints what was removed.',
    )
    .requiredOption('--company <company>', 'the live company: its id, key prefix or name')
    .option('--confirm <name>', "the company's name, exactly: the deletion's confirmation")
    .action(
      action(async (options: { company: string; confirm?: string }) => {
        printJson(await withDatabase(async (db) => clearTestData(db, await resolveRef(db, 'company', options.company), options.confirm, systemClock)));
      }),
    );
}
