import type { Db } from '../db/types.js';
import { CliError } from './run.js';

type OwnedTable = 'memberships' | 'credentials' | 'contacts' | 'locations';

const nouns: Record<OwnedTable, string> = { memberships: 'membership', credentials: 'card', contacts: 'contact', locations: 'location' };

/**
 * The company an object belongs to. Setup commands act for that company, so they need no
 * `--company`: an id names one object in the whole database.
 */
export async function companyOf(db: Db, table: OwnedTable, id: string): Promise<string> {
  // Kysely cannot type a select over a union of tables; every one of these has `company_id`.
  const row = await db.first(db.qb.selectFrom(table as 'memberships').select('company_id').where('id', '=', id));
  if (!row) throw new CliError(`No ${nouns[table]} ${id}.`);
  return row.company_id;
}
