import type { Db } from '../../db/types.js';
import { systemActor, type Actor } from '../../domain/actor.js';
import { CliError } from './run.js';

type CompanyTable = 'memberships' | 'credentials' | 'contacts' | 'locations' | 'staff' | 'bookings' | 'classes';
type OwnedTable = CompanyTable | 'staff_time_off';

const nouns: Record<OwnedTable, string> = {
  memberships: 'membership',
  credentials: 'card',
  contacts: 'contact',
  locations: 'location',
  staff: 'staff member',
  bookings: 'booking',
  classes: 'class',
  staff_time_off: 'time off',
};

/**
 * The company an object belongs to. Setup commands act for that company, so they need no
 * `--company`: an id names one object in the whole database.
 */
export async function companyOf(db: Db, table: OwnedTable, id: string): Promise<string> {
  const row =
    table === 'staff_time_off'
      ? // Time off has no company of its own: it is its staff member's.
        await db.first(db.qb.selectFrom('staff_time_off').innerJoin('staff', 'staff.id', 'staff_time_off.staff_id').select('staff.company_id').where('staff_time_off.id', '=', id))
      : // Kysely cannot type a select over a union of tables; every one of these has `company_id`.
        await db.first(
          db.qb
            .selectFrom(table as 'memberships')
            .select('company_id')
            .where('id', '=', id),
        );
  if (!row) throw new CliError(`No ${nouns[table]} ${id}.`);
  return row.company_id;
}

/** The business an object belongs to, as the actor a setup command acts as: every location of it (domain/actor.ts). */
export async function actorOf(db: Db, table: OwnedTable, id: string): Promise<Actor> {
  return systemActor(await companyOf(db, table, id), 'studio CLI');
}
