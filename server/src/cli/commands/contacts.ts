import { DateTimeInput } from '@studio/shared';
import type { Command } from 'commander';
import { setFormSigned } from '../../modules/members/admin.js';
import { nowIso, toIso } from '../../clock/time.js';
import { companyOptionHelp, companyScope } from '../support/company-option.js';
import { actorOf } from '../support/owner.js';
import { resolveRef } from '../support/references.js';
import { registerContactDirectoryCommands } from './contact-directory.js';
import { CliError, action, printJson, withDatabase } from '../support/run.js';

/** When the form was signed: `--at` in UTC, now by default, null with `--clear`. */
function signedAt(options: { at?: string; clear?: boolean }): string | null {
  if (options.clear && options.at !== undefined) throw new CliError('give --at or --clear, not both');
  if (options.clear) return null;
  if (options.at === undefined) return nowIso();
  if (!DateTimeInput.safeParse(options.at).success) throw new CliError('--at must be an RFC 3339 date-time with Z or an offset, e.g. 2026-03-02T10:15:00Z');
  return toIso(Date.parse(options.at));
}

export function registerContactCommands(program: Command): void {
  const contacts = program.command('contacts').description('Contacts: the people of a business.');
  registerContactDirectoryCommands(contacts);
  contacts
    .command('form-signed')
    .description('Record that a contact signed the form (waiver) check-in may require, or clear it.')
    .argument('<contact>', 'the contact: id, member code, email, +E.164 phone or full name')
    .option('--at <time>', 'when it was signed, RFC 3339 (default: now)')
    .option('--clear', 'the contact has no signed form (any more)')
    .option('--company <company>', companyOptionHelp)
    .action(
      action(async (contact: string, options: { at?: string; clear?: boolean; company?: string }) => {
        const at = signedAt(options);
        printJson(
          await withDatabase(async (db) => {
            const id = await resolveRef(db, 'contact', contact, await companyScope(db, options.company));
            return setFormSigned(db, await actorOf(db, 'contacts', id), id, at);
          }),
        );
      }),
    );
}
