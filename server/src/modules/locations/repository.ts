import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { bumpCompanyFeed } from '../feed/sequence.js';
import { assertLocationAllowed } from './lookup.js';
import { parseLocationSettings, type LocationSettings } from './settings.js';

/** The location, or resource_missing when the company has no such location; location_not_allowed when it is not one of the actor's. */
export async function locationOf(db: Db, actor: Actor, locationId: string) {
  const location = await db.first(db.qb.selectFrom('locations').select(['id', 'settings']).where('id', '=', locationId).where('company_id', '=', actor.companyId));
  if (!location) throw new ApiError('resource_missing', `No location ${locationId} in this company.`, { param: 'location' });
  assertLocationAllowed(actor, location.id, 'location');
  return location;
}

/** The location's settings, every default filled in. */
export async function locationSettings(db: Db, actor: Actor, locationId: string): Promise<LocationSettings> {
  return parseLocationSettings((await locationOf(db, actor, locationId)).settings);
}

/**
 * Replaces a location's settings (already validated) and bumps the eligibility feed for every
 * membership of the company, in one transaction: check-in alerts, access hours and the matching
 * profile change decisions at the location, and members of other locations may check in there too.
 */
export async function replaceLocationSettings(db: Db, actor: Actor, locationId: string, settings: LocationSettings): Promise<LocationSettings> {
  await locationOf(db, actor, locationId);
  await db.transaction(async (tx) => {
    await tx.run(
      db.qb
        .updateTable('locations')
        .set({ settings: JSON.stringify(settings) })
        .where('id', '=', locationId),
    );
    await bumpCompanyFeed(db, tx, actor.companyId);
  });
  return settings;
}
