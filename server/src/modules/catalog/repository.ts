import type { Location } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import type { AuthContext } from '../../plugins/auth.js';

/** The locations a key may act on, ids only, in a stable order. */
export async function keyLocationIds(db: Db, sql: Queryable, auth: AuthContext): Promise<string[]> {
  return (await keyLocations(db, sql, auth)).map((location) => location.id);
}

export async function keyLocations(db: Db, sql: Queryable, auth: AuthContext): Promise<Location[]> {
  let query = db.qb.selectFrom('locations').select(['id', 'name', 'slug', 'timezone', 'address']).where('company_id', '=', auth.companyId).orderBy('name').orderBy('id');
  if (auth.locationIds !== null) query = query.where('id', 'in', auth.locationIds.length ? auth.locationIds : ['']);
  return sql.all(query);
}

export const serviceColumns = ['id', 'location_id', 'name', 'description', 'duration_minutes', 'price_cents', 'category'] as const;
