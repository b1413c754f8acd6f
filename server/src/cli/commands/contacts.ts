import { DateTimeInput } from '@studio/shared';
import type { Command } from 'commander';
import { setFormSigned } from '../../modules/members/admin.js';
import { nowIso, toIso } from '../../clock/time.js';
import { actorOf } from '../support/owner.js';
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
  contacts
    .command('form-signed')
    .description('Record that a contact signed the form (waiver) check-in may require, or clear it.')
    .argument('<id>', 'the contact')
    .option('--at <time>', 'when it was signed, RFC 3339 (default: now)')
    .option('--clear', 'the contact has no signed form (any more)')
    .action(
      action(async (id: string, options: { at?: string; clear?: boolean }) => {
        const at = signedAt(options);
        printJson(await withDatabase(async (db) => setFormSigned(db, await actorOf(db, 'contacts', id), id, at)));
      }),
    );
}
