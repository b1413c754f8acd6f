import { isForeignKeyViolation } from '../../db/errors.js';
import type { Db, Queryable } from '../../db/types.js';

/**
 * Every table whose rows are the business itself, with the word a refusal counts them in. One row
 * in any of them keeps a company from being deleted: deleting would lose real data. (Staff hours,
 * time off and the like hang off these rows, so they need no entry of their own.) A table added
 * here, or to `companionTables`, is classified for clearing test data too (test-data.ts).
 */
export const businessTables = {
  locations: ['location', 'locations'],
  staff: ['staff member', 'staff members'],
  rooms: ['room', 'rooms'],
  services: ['service', 'services'],
  membership_plans: ['membership plan', 'membership plans'],
  package_templates: ['package template', 'package templates'],
  contacts: ['contact', 'contacts'],
  memberships: ['membership', 'memberships'],
  credentials: ['card', 'cards'],
  credential_keys: ['check-in key', 'check-in keys'],
  visits: ['visit', 'visits'],
  checkin_denials: ['refused check-in', 'refused check-ins'],
  checkin_overrides: ['check-in override', 'check-in overrides'],
  desk_scans: ['desk card read', 'desk card reads'],
  gift_cards: ['gift card', 'gift cards'],
  class_series: ['class series', 'class series'],
  classes: ['class', 'classes'],
  class_attendees: ['class spot', 'class spots'],
  class_waitlist: ['waitlist entry', 'waitlist entries'],
  bookings: ['booking', 'bookings'],
  member_messages: ['member email', 'member emails'],
  staff_accounts: ['staff account', 'staff accounts'],
} as const;

/**
 * What belongs to the company without being its business, and goes with it: its API keys (they
 * act for nothing once it is gone), the stored answers of idempotent requests, the
 * fingerprints of files imported into it (so the same file may then be imported afresh), and the
 * staff sign-in records that need no account: setup links, password links, sign-in attempts and the audit log;
 * the members' app sign-in codes, sessions, calendar feeds and attempts, and their phone passes (each but attempts hangs off a contact, so only attempts can
 * be left when the company may be deleted); and
 * the class reminders' records and the members' email preferences (each hangs off a class spot or a contact); and
 * the last heartbeat of each device agent (each hangs off a location, so a company that may be
 * deleted has none left; it is listed so that every table with a company is); its events and webhook
 * endpoints with their deliveries (listed children first, the order they are deleted in).
 */
export const companionTables = [
  'member_passes',
  'class_reminders',
  'member_preferences',
  'member_sessions',
  'member_calendar_feeds',
  'member_sign_in_codes',
  'member_sign_in_attempts',
  'api_keys',
  'device_heartbeats',
  'idempotency_keys',
  'import_fingerprints',
  'staff_audit_log',
  'staff_login_attempts',
  'staff_password_links',
  'staff_setup_tokens',
  'webhook_attempts',
  'webhook_deliveries',
  'webhook_endpoints',
  'events',
] as const;

type BusinessTable = keyof typeof businessTables;
type CompanionTable = (typeof companionTables)[number];

/** A deletion the user can act on: the message names why and what to do. */
export class CompanyDeletionRefused extends Error {
  override readonly name = 'CompanyDeletionRefused';
}

export interface DeletedCompany {
  id: string;
  name: string;
  /** Rows deleted with the company, per companion table. */
  removed: Record<CompanionTable, number>;
  /** Its test-mode twin, deleted with it (only when it had one). */
  test_mode?: { id: string; removed: Record<CompanionTable, number> };
}

async function deleteWithCompanions(db: Db, sql: Queryable, companyId: string): Promise<Record<CompanionTable, number>> {
  const removed = {} as Record<CompanionTable, number>;
  for (const table of companionTables) {
    removed[table] = await sql.run(db.qb.deleteFrom(table as 'api_keys').where('company_id', '=', companyId));
  }
  await sql.run(db.qb.deleteFrom('companies').where('id', '=', companyId));
  return removed;
}

/** How many rows of `table` the company holds. */
export async function countRows(db: Db, sql: Queryable, table: BusinessTable | CompanionTable, companyId: string): Promise<number> {
  // Kysely cannot type a select over a union of tables; every one of these has `company_id`.
  const row = await sql.first(
    db.qb
      .selectFrom(table as 'locations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId),
  );
  return Number(row!.n);
}

/** What still references the company, as "1 location, 12 contacts", in the order of `businessTables`. */
export async function companyReferences(db: Db, sql: Queryable, companyId: string): Promise<string[]> {
  const found: string[] = [];
  for (const [table, [one, many]] of Object.entries(businessTables) as [BusinessTable, readonly [string, string]][]) {
    const n = await countRows(db, sql, table, companyId);
    if (n > 0) found.push(`${n} ${n === 1 ? one : many}`);
  }
  return found;
}

/**
 * Deletes a company made by mistake, only while nothing of its business exists (`businessTables`);
 * its companions (`companionTables`) go with it, and its test-mode twin when that is as empty (test
 * data is data someone made: it is cleared on purpose, never as a side effect). `confirmName` must be
 * the company's name, as the person deleting it typed it: an id pasted from the wrong line must not
 * delete the wrong company. A twin is never deleted on its own: it goes with its live company.
 */
export async function deleteEmptyCompany(db: Db, companyId: string, confirmName: string | undefined): Promise<DeletedCompany> {
  try {
    return await db.transaction(async (sql) => {
      const company = await sql.first(db.qb.selectFrom('companies').select(['id', 'name', 'live_company_id']).where('id', '=', companyId));
      if (!company) throw new CompanyDeletionRefused(`No company ${companyId}.`);
      if (company.live_company_id !== null) throw new CompanyDeletionRefused(`company ${companyId} is the test mode of company ${company.live_company_id}; it is deleted with that company.`);
      const references = await companyReferences(db, sql, companyId);
      if (references.length) {
        throw new CompanyDeletionRefused(
          `company ${companyId} ("${company.name}") is not deleted: it is still referenced by ${references.join(', ')}. Only a company with none of these can be deleted; its API keys and import records go with it.`,
        );
      }
      if (confirmName !== company.name) {
        throw new CompanyDeletionRefused(`to delete company ${companyId}, confirm with its name: --confirm ${JSON.stringify(company.name)}`);
      }
      const twin = await sql.first(db.qb.selectFrom('companies').select('id').where('live_company_id', '=', companyId));
      const testData = twin ? await companyReferences(db, sql, twin.id) : [];
      if (testData.length) {
        throw new CompanyDeletionRefused(
          `company ${companyId} ("${company.name}") is not deleted: its test mode holds ${testData.join(', ')}. Test data is never deleted as a side effect; only a company whose test mode is as empty can be deleted.`,
        );
      }
      // The twin first: its row references the live company's.
      const testMode = twin ? { id: twin.id, removed: await deleteWithCompanions(db, sql, twin.id) } : undefined;
      const removed = await deleteWithCompanions(db, sql, companyId);
      return { id: company.id, name: company.name, removed, ...(testMode && { test_mode: testMode }) };
    });
  } catch (error) {
    // Something referencing the company was written between the count and the delete.
    if (isForeignKeyViolation(error)) throw new CompanyDeletionRefused(`company ${companyId} was referenced by a new row while it was being deleted; nothing was deleted, try again.`);
    throw error;
  }
}
