import { ApiError } from '@studio/shared';
import type { Db, Queryable } from '../../db/types.js';
import { fullName } from '@studio/shared';

export interface LocationStaff {
  id: string;
  name: string;
}

/**
 * The staff of a location, by name: those with weekly hours or a date override there, or qualified
 * for one of its services. A calendar shows one column each; schedule edits are limited to them.
 */
export async function locationStaff(db: Db, sql: Queryable, companyId: string, locationId: string): Promise<LocationStaff[]> {
  const rows = await sql.all(
    db.qb
      .selectFrom('staff as s')
      .select(['s.id', 's.first_name', 's.last_name'])
      .where('s.company_id', '=', companyId)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('staff_hours as h').select('h.id').whereRef('h.staff_id', '=', 's.id').where('h.location_id', '=', locationId)),
          eb.exists(eb.selectFrom('staff_overrides as o').select('o.id').whereRef('o.staff_id', '=', 's.id').where('o.location_id', '=', locationId)),
          eb.exists(
            eb.selectFrom('service_staff as q').innerJoin('services as v', 'v.id', 'q.service_id').select('q.staff_id').whereRef('q.staff_id', '=', 's.id').where('v.location_id', '=', locationId),
          ),
        ]),
      ),
  );
  return rows.map((row) => ({ id: row.id, name: fullName(row) })).sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.id < b.id ? -1 : 1));
}

/**
 * A staff member of the company who works at the location (locationStaff): another company's is
 * not found, one of this company working elsewhere only is refused at this location.
 */
export async function requireStaffAt(db: Db, sql: Queryable, companyId: string, locationId: string, staffId: string, param = 'id'): Promise<LocationStaff> {
  const staff = await sql.first(db.qb.selectFrom('staff').select('id').where('id', '=', staffId).where('company_id', '=', companyId));
  if (!staff) throw new ApiError('resource_missing', `No staff member ${staffId} in this company.`, { param });
  const here = (await locationStaff(db, sql, companyId, locationId)).find((member) => member.id === staffId);
  if (!here) throw new ApiError('resource_missing', 'This staff member does not work at that location: give them hours there first.', { param });
  return here;
}
