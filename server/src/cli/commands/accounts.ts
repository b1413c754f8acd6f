import type { Command } from 'commander';
import { ApiError } from '@studio/shared';
import { systemClock } from '../../clock/time.js';
import { listAccounts, normaliseEmail, resetPasswordLink } from '../../modules/staff-accounts/accounts.js';
import { staffAuthSettings } from '../../modules/staff-accounts/settings.js';
import { mintSetupLink } from '../../modules/staff-accounts/setup-link.js';
import { systemActor } from '../../domain/actor.js';
import { setupLinkUrl } from '../../web/setup-link-url.js';
import { chosenCompany } from '../support/company-option.js';
import { action, printJson, withDatabase } from '../support/run.js';

export function registerAccountCommands(program: Command): void {
  const accounts = program.command('accounts').description('Staff accounts: the people who sign in to the web app.');
  accounts
    .command('setup-link')
    .description(
      'Mint a one-time link that creates an owner account (the first one, or a new one when every owner lost access). Prints it this once; it works once, for 24 hours, and ends any link minted before.',
    )
    .option('--company <company>', 'the company: its id, key prefix or name (needed only when the database holds several)')
    .option('--url <base>', "the server's address as a browser reaches it", 'http://127.0.0.1:3000')
    .action(
      action(async (options: { company?: string; url: string }) => {
        const link = await withDatabase(async (db) => mintSetupLink(db, staffAuthSettings(systemClock), await chosenCompany(db, options.company)));
        // The link alone on stdout, for a script; what it is on stderr, for a person.
        process.stdout.write(`${setupLinkUrl(options.url, link.token)}\n`);
        process.stderr.write(`Open the link above to create an owner account. It works once, until ${link.expiresAt}; it is not shown again, and any link minted before it no longer works.\n`);
      }),
    );
  accounts
    .command('reset-link')
    .description(
      'Mint a one-time link that sets a new password for a staff account, e.g. an owner locked out with nobody to reset it. Prints it this once; it works once, for 72 hours, ends any link before it, and using it signs the account out everywhere.',
    )
    .argument('<email>', "the account's email")
    .option('--company <company>', 'the company: its id, key prefix or name (needed only when the database holds several)')
    .option('--url <base>', "the server's address as a browser reaches it", 'http://127.0.0.1:3000')
    .action(
      action(async (email: string, options: { company?: string; url: string }) => {
        const link = await withDatabase(async (db) => {
          const companyId = await chosenCompany(db, options.company);
          const account = await db.first(db.qb.selectFrom('staff_accounts').select('id').where('company_id', '=', companyId).where('email', '=', normaliseEmail(email)));
          if (!account) throw new ApiError('resource_missing', `No staff account has the email ${email}; \`studio accounts list\` shows them.`, { param: 'email' });
          return resetPasswordLink(db, staffAuthSettings(systemClock), systemActor(companyId, 'studio CLI'), account.id);
        });
        // The link alone on stdout, for a script; what it is on stderr, for a person.
        process.stdout.write(`${options.url.replace(/\/+$/, '')}${link.url}\n`);
        process.stderr.write(`Give the link above to its person only: it sets a new password once, until ${link.expiresAt}, and signs the account out everywhere. It is not shown again.\n`);
      }),
    );
  accounts
    .command('list')
    .description("List a company's staff accounts (never their passwords).")
    .option('--company <company>', 'the company: its id, key prefix or name (needed only when the database holds several)')
    .action(
      action(async (options: { company?: string }) => {
        printJson(await withDatabase(async (db) => listAccounts(db, systemActor(await chosenCompany(db, options.company), 'studio CLI'))));
      }),
    );
}
