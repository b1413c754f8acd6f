import type { HandlerContext } from '../../http/route.js';
import { keyLocations } from '../catalog/repository.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;

/** The zone a list's bare `from`/`to` date is read in: the location asked for, else the key's only location, else UTC. */
export async function listZone(ctx: Ctx, locationId: string | undefined): Promise<string> {
  const locations = await keyLocations(ctx.db, ctx.sql, ctx.auth);
  const location = locationId === undefined ? (locations.length === 1 ? locations[0] : undefined) : locations.find((l) => l.id === locationId);
  return location?.timezone ?? 'UTC';
}
