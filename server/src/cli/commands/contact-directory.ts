import { ContactCreate } from '@studio/shared';
import type { Command } from 'commander';
import type { Db } from '../../db/types.js';
import { systemActor } from '../../domain/actor.js';
import { createContact, listContacts } from '../../modules/contacts/service.js';
import { CursorCodec } from '../../pagination/cursor.js';
import { chosenCompany } from '../support/company-option.js';
import { resolveOptionalRef } from '../support/references.js';
import { CliError, action, printJson, withDatabase } from '../support/run.js';

const companyHelp = 'the company: its id, key prefix or name (needed only when the database holds several)';
/** The API's largest page: a list reads page after page of it. */
const pageSize = 100;

/** The API's cursors, signed with the database's own secret, as the server signs them. */
async function cursorCodec(db: Db): Promise<CursorCodec> {
  const secret = await db.first(db.qb.selectFrom('server_settings').select('value').where('name', '=', 'cursor_secret'));
  return new CursorCodec(secret!.value);
}

/** Every contact the API's list answers (at `--location`, matching `search`), page by page. */
async function everyContact(db: Db, options: { company?: string; location?: string }, search: string | undefined) {
  const companyId = await chosenCompany(db, options.company);
  const actor = systemActor(companyId, 'studio CLI');
  const locationId = await resolveOptionalRef(db, 'location', options.location, { companyId });
  const cursors = await cursorCodec(db);
  const contacts = [];
  let cursor: string | undefined;
  do {
    const page = await listContacts(db, actor, { location_id: locationId, search, limit: pageSize, cursor }, cursors);
    contacts.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return contacts;
}

interface CreateOptions {
  company?: string;
  location?: string;
  firstName: string;
  lastName?: string;
  email?: string;
  phone?: string;
}

/** The fields of a new contact, checked as the API checks them. */
function contactFields(options: CreateOptions) {
  const flags: Record<string, string> = { first_name: '--first-name', last_name: '--last-name', email: '--email', phone: '--phone' };
  const parsed = ContactCreate.safeParse({ first_name: options.firstName, last_name: options.lastName, email: options.email, phone: options.phone });
  if (!parsed.success) throw new CliError(parsed.error.issues.map((issue) => `${flags[String(issue.path[0])] ?? '(contact)'}: ${issue.message}`).join('; '));
  return parsed.data;
}

/** `studio contacts create|list|find`, on the contacts API's own services. */
export function registerContactDirectoryCommands(contacts: Command): void {
  contacts
    .command('create')
    .description("Create a contact at a location, the phone normalised to E.164 with the location's country; a contact with the same phone there is answered instead (created: false).")
    .requiredOption('--first-name <name>', 'the first name')
    .option('--last-name <name>', 'the last name')
    .option('--email <email>', 'the email address')
    .option('--phone <phone>', "the phone, national (for the location's country) or +country")
    .option('--location <location>', 'the home location: its id, slug or name (needed only when the company has several)')
    .option('--company <company>', companyHelp)
    .action(
      action(async (options: CreateOptions) => {
        const fields = contactFields(options);
        const { contact, created } = await withDatabase(async (db) => {
          const companyId = await chosenCompany(db, options.company);
          const locationId = await resolveOptionalRef(db, 'location', options.location, { companyId });
          const locations = await db.all(db.qb.selectFrom('locations').select('slug').where('company_id', '=', companyId).orderBy('slug'));
          if (locationId === undefined && locations.length !== 1) {
            throw new CliError(`This company has ${locations.length} locations: choose the contact's home with --location (${locations.map((row) => row.slug).join(', ')}).`);
          }
          return createContact(db, systemActor(companyId, 'studio CLI'), { ...fields, ...(locationId !== undefined && { location_id: locationId }) });
        });
        printJson({ ...contact, created });
      }),
    );
  contacts
    .command('list')
    .description("List a company's contacts, oldest first, as the API lists them.")
    .option('--location <location>', 'only the contacts whose home is this location: its id, slug or name')
    .option('--company <company>', companyHelp)
    .action(
      action(async (options: { company?: string; location?: string }) => {
        printJson(await withDatabase((db) => everyContact(db, options, undefined)));
      }),
    );
  contacts
    .command('find')
    .description('Find contacts: every word of TEXT must match the name, email or phone digits, ignoring case and accents (the API\'s search: "ann 0100" finds Ann at +1 555 010 0100).')
    .argument('<text>', 'words to look for')
    .option('--location <location>', 'only the contacts whose home is this location: its id, slug or name')
    .option('--company <company>', companyHelp)
    .action(
      action(async (text: string, options: { company?: string; location?: string }) => {
        if (text.trim() === '') throw new CliError('give the words to look for, e.g. `studio contacts find "emma johnson"`');
        printJson(await withDatabase((db) => everyContact(db, options, text.trim())));
      }),
    );
}
