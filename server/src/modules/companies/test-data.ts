import { randomBytes } from 'node:crypto';
import { ApiError } from '@studio/shared';
import { toIso, type Clock } from '../../clock/time.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import { businessTables, countRows } from './deletion.js';

/**
 * Clearing test data, as Stripe's "Delete all test data": everything of a live company's test-mode
 * twin (environments.ts) goes, but the twin itself, its API keys and its webhook endpoints stay, so
 * an integration keeps working against an empty test mode (and `studio demo --test` may load the
 * demo there again: the import fingerprints go too). Live data is never read or written but for the
 * live company's own row, to find its twin.
 */

/** A table of the twin's rows: by its `company_id`, or (`parent`) through the row it hangs off. */
interface ClearedTable {
  words: readonly [string, string];
  parent?: { column: string; table: keyof typeof businessTables };
}

/**
 * Every table cleared, in the order the rows are deleted: children first, so no foreign key is
 * ever left dangling. With `keptTables`, every table that holds a company's rows is named here once
 * (test/companies/test-data.test.ts checks it against the database's own list and its foreign keys).
 */
export const clearedTables = {
  webhook_attempts: { words: ['webhook delivery attempt', 'webhook delivery attempts'] },
  webhook_deliveries: { words: ['webhook delivery', 'webhook deliveries'] },
  events: { words: ['event', 'events'] },
  idempotency_keys: { words: ['stored idempotent answer', 'stored idempotent answers'] },
  import_fingerprints: { words: ['import record', 'import records'] },
  device_heartbeats: { words: ['device heartbeat', 'device heartbeats'] },
  staff_audit_log: { words: ['audit log entry', 'audit log entries'] },
  staff_login_attempts: { words: ['sign-in attempt', 'sign-in attempts'] },
  staff_setup_tokens: { words: ['setup link', 'setup links'] },
  staff_password_links: { words: ['password link', 'password links'] },
  staff_sessions: { words: ['staff session', 'staff sessions'], parent: { column: 'account_id', table: 'staff_accounts' } },
  member_passes: { words: ['phone pass', 'phone passes'] },
  member_sessions: { words: ['member app session', 'member app sessions'] },
  member_calendar_feeds: { words: ['member calendar feed', 'member calendar feeds'] },
  member_sign_in_codes: { words: ['member sign-in code', 'member sign-in codes'] },
  member_sign_in_attempts: { words: ['member sign-in attempt', 'member sign-in attempts'] },
  class_reminders: { words: ['class reminder record', 'class reminder records'] },
  member_preferences: { words: ['member email preference', 'member email preferences'] },
  member_message_attempts: { words: ['member email attempt', 'member email attempts'], parent: { column: 'message_id', table: 'member_messages' } },
  member_messages: { words: businessTables.member_messages },
  staff_accounts: { words: businessTables.staff_accounts },
  checkin_overrides: { words: businessTables.checkin_overrides },
  class_attendees: { words: businessTables.class_attendees },
  class_waitlist: { words: businessTables.class_waitlist },
  visits: { words: businessTables.visits },
  checkin_denials: { words: businessTables.checkin_denials },
  desk_scans: { words: businessTables.desk_scans },
  bookings: { words: businessTables.bookings },
  classes: { words: businessTables.classes },
  class_series: { words: businessTables.class_series },
  credential_keys: { words: businessTables.credential_keys },
  credentials: { words: businessTables.credentials },
  memberships: { words: businessTables.memberships },
  gift_cards: { words: businessTables.gift_cards },
  contacts: { words: businessTables.contacts },
  service_staff: { words: ['service staff link', 'service staff links'], parent: { column: 'service_id', table: 'services' } },
  services: { words: businessTables.services },
  membership_plans: { words: businessTables.membership_plans },
  package_templates: { words: businessTables.package_templates },
  staff_hours: { words: ['weekly hours entry', 'weekly hours entries'], parent: { column: 'staff_id', table: 'staff' } },
  staff_overrides: { words: ['date override', 'date overrides'], parent: { column: 'staff_id', table: 'staff' } },
  staff_time_off: { words: ['time off entry', 'time off entries'], parent: { column: 'staff_id', table: 'staff' } },
  staff: { words: businessTables.staff },
  rooms: { words: businessTables.rooms },
  location_pass_keys: { words: ['phone pass key', 'phone pass keys'], parent: { column: 'location_id', table: 'locations' } },
  locations: { words: businessTables.locations },
} as const satisfies Partial<Record<keyof Tables, ClearedTable>>;

/** What the twin keeps, as Stripe keeps test keys and endpoints (the company row itself stays too). */
export const keptTables = ['api_keys', 'webhook_endpoints'] as const;

export type ClearedTableName = keyof typeof clearedTables;
type KeptTableName = (typeof keptTables)[number];

export interface ClearedTestData {
  /** The live company whose test mode was cleared. */
  company_id: string;
  /** Its test-mode twin, or null when it never had one (then nothing was cleared). */
  test_company_id: string | null;
  /** Rows deleted, per table, every cleared table named. */
  removed: Record<ClearedTableName, number>;
  /** What was removed, in words ("2 locations", "1,149 classes"), the tables with none left out. */
  removed_in_words: string[];
  /** What stays, per kept table. */
  kept: Record<KeptTableName, number>;
  cleared_at: string;
}

async function deleteRows(db: Db, sql: Queryable, table: ClearedTableName, twinId: string): Promise<number> {
  const entry: ClearedTable = clearedTables[table];
  // Kysely cannot type a delete over a union of tables: each is named by its own column below.
  const from = db.qb.deleteFrom(table as 'locations');
  if (!entry.parent) return sql.run(from.where('company_id', '=', twinId));
  const parents = db.qb
    .selectFrom(entry.parent.table as 'locations')
    .select('id')
    .where('company_id', '=', twinId);
  return sql.run(from.where(entry.parent.column as 'id', 'in', parents));
}

function inWords(removed: Record<ClearedTableName, number>): string[] {
  // Business first, in the order `companies delete` counts it, then what went with it.
  const order = [...Object.keys(businessTables), ...Object.keys(clearedTables)].filter((table, i, all) => all.indexOf(table) === i && table in clearedTables) as ClearedTableName[];
  return order.filter((table) => removed[table] > 0).map((table) => `${removed[table].toLocaleString('en')} ${removed[table] === 1 ? clearedTables[table].words[0] : clearedTables[table].words[1]}`);
}

/**
 * Deletes every row of the test mode of `liveCompanyId` (`clearedTables`), in one transaction, and
 * answers the counts. The twin keeps its row, API keys and webhook endpoints (`keptTables`); its
 * eligibility-feed key is replaced, so a device agent holding the test feed reloads it in full and
 * keeps nothing of the members cleared. A live company without a test mode has nothing to clear:
 * it answers zero counts and makes no twin. `confirmName` must be the company's name, exactly, as
 * the person clearing typed it (`studio companies delete` asks the same).
 */
export async function clearTestData(db: Db, liveCompanyId: string, confirmName: string | undefined, clock: Clock): Promise<ClearedTestData> {
  try {
    return await db.transaction(async (sql) => {
      const company = await sql.first(db.qb.selectFrom('companies').select(['id', 'name', 'live_company_id']).where('id', '=', liveCompanyId));
      if (!company) throw new ApiError('resource_missing', `No company ${liveCompanyId}.`, { param: 'company' });
      if (company.live_company_id !== null) {
        throw new ApiError('invalid_param', `company ${liveCompanyId} is the test mode of company ${company.live_company_id}; name that live company to clear its test data.`, { param: 'company' });
      }
      if (confirmName !== company.name) {
        throw new ApiError('invalid_param', `To delete all test data of company ${liveCompanyId}, confirm with its name, exactly: ${JSON.stringify(company.name)}.`, { param: 'confirm' });
      }
      const twin = await sql.first(db.qb.selectFrom('companies').select('id').where('live_company_id', '=', liveCompanyId));
      const removed = {} as Record<ClearedTableName, number>;
      const kept = {} as Record<KeptTableName, number>;
      for (const table of Object.keys(clearedTables) as ClearedTableName[]) removed[table] = twin ? await deleteRows(db, sql, table, twin.id) : 0;
      for (const table of keptTables) kept[table] = twin ? await countRows(db, sql, table, twin.id) : 0;
      if (twin)
        await sql.run(
          db.qb
            .updateTable('companies')
            .set({ credential_secret: randomBytes(32).toString('base64url') })
            .where('id', '=', twin.id),
        );
      return { company_id: company.id, test_company_id: twin?.id ?? null, removed, removed_in_words: inWords(removed), kept, cleared_at: toIso(clock()) };
    });
  } catch (error) {
    // A test key wrote a row hanging off one already counted, between that delete and its parent's.
    if (isForeignKeyViolation(error)) throw new ApiError('unavailable', 'Test data was written while it was being deleted, so nothing was deleted; try again.', { retryAfter: 1 });
    throw error;
  }
}
