import { ApiError } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation, visibleLocations } from '../locations/lookup.js';
import { requireManager } from '../staff-accounts/setup-role.js';

export interface RoomView {
  id: string;
  location_id: string;
  name: string;
  created_at: string;
}

const columns = ['id', 'location_id', 'name', 'created_at'] as const;

/** The rooms of the actor's locations (or the one asked for), by name. */
export async function listRooms(db: Db, actor: Actor, locationId?: string): Promise<RoomView[]> {
  requireManager(actor, 'rooms');
  const locations = await visibleLocations(db, db, actor, locationId);
  let query = db.qb.selectFrom('rooms').select(columns).where('company_id', '=', actor.companyId);
  if (locations !== null) query = query.where('location_id', 'in', locations.length ? locations : ['']);
  return db.all(query.orderBy('name').orderBy('id'));
}

/** Renames a room of a location the actor works at (an owner's or a manager's). */
export async function renameRoom(db: Db, actor: Actor, id: string, name: string): Promise<RoomView> {
  requireManager(actor, 'rooms');
  const room = await db.first(db.qb.selectFrom('rooms').select(columns).where('id', '=', id).where('company_id', '=', actor.companyId));
  if (!room) throw new ApiError('resource_missing', `No such room: ${id}.`, { param: 'id' });
  await requireLocation(db, db, actor, room.location_id, 'id');
  await db.run(db.qb.updateTable('rooms').set({ name }).where('id', '=', id));
  return { ...room, name };
}
