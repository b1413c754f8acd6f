import { randomUUID } from 'node:crypto';
import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { nowIso } from '../../clock/time.js';
import { locationOf } from '../locations/repository.js';
import { requireManager } from '../staff-accounts/setup-role.js';

/** The longest room name, as the import file allows. */
const maxNameLength = 200;

/** Creates a room at a location of the company (an owner's or its manager's); services and classes can then hold it. */
export async function createRoom(db: Db, actor: Actor, locationId: string, name: string) {
  requireManager(actor, 'rooms');
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > maxNameLength) {
    throw new ApiError('invalid_param', `A room name is 1 to ${maxNameLength} characters.`, { param: 'name' });
  }
  await locationOf(db, actor, locationId);
  const row = { id: randomUUID(), company_id: actor.companyId, location_id: locationId, name: trimmed, created_at: nowIso() };
  await db.run(db.qb.insertInto('rooms').values(row));
  return row;
}
