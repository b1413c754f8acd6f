import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { actorLocations } from './lookup.js';

/** The zone a list's bare `from`/`to` date is read in: the location asked for, else the actor's only location, else UTC. */
export async function listZone(db: Db, actor: Actor, locationId: string | undefined): Promise<string> {
  const locations = await actorLocations(db, db, actor);
  const location = locationId === undefined ? (locations.length === 1 ? locations[0] : undefined) : locations.find((l) => l.id === locationId);
  return location?.timezone ?? 'UTC';
}
