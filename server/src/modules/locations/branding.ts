import type { LocationBranding } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { locationSettings } from './repository.js';
import type { Branding } from './settings.js';

/** The settings' branding is what the API answers: the two schemas must not drift apart. */
const sameShape = (branding: Branding): LocationBranding => branding;

/** How the location's kiosk looks and speaks: its logo, accent colour and language, defaults filled in. */
export async function locationBranding(db: Db, actor: Actor, locationId: string): Promise<LocationBranding> {
  return sameShape((await locationSettings(db, actor, locationId)).branding);
}
