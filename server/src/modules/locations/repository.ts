import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import { bumpCompanyFeed } from '../feed/sequence.js';
import { parseLocationSettings, type LocationSettings } from './settings.js';

/** The location, or resource_missing when the company has no such location. */
export async function locationOf(db: Db, companyId: string, locationId: string) {
  const location = await db.first(db.qb.selectFrom('locations').select(['id', 'settings']).where('id', '=', locationId).where('company_id', '=', companyId));
  if (!location) throw new ApiError('resource_missing', `No location ${locationId} in this company.`, { param: 'location' });
  return location;
}

/** The location's settings, every default filled in. */
export async function locationSettings(db: Db, companyId: string, locationId: string): Promise<LocationSettings> {
  return parseLocationSettings((await locationOf(db, companyId, locationId)).settings);
}

/**
 * Replaces a location's settings (already validated) and bumps the eligibility feed for every
 * membership of the company, in one transaction: check-in alerts, access hours and the matching
 * profile change decisions at the location, and members of other locations may check in there too.
 */
export async function replaceLocationSettings(db: Db, companyId: string, locationId: string, settings: LocationSettings): Promise<LocationSettings> {
  await locationOf(db, companyId, locationId);
  await db.transaction(async (tx) => {
    await tx.run(
      db.qb
        .updateTable('locations')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', locationId),
    );
    await bumpCompanyFeed(db, tx, companyId);
  });
  return settings;
}
