import { ApiError, type Location, type Service } from '@studio/shared';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import { pageInLocations, type ListQuery } from '../locations/listing.js';
import { actorLocations, assertLocationAllowed } from '../locations/lookup.js';
import { serviceColumns } from './repository.js';

/** The locations the actor may act on, by name. */
export async function listLocations(db: Db, actor: Actor): Promise<Location[]> {
  return actorLocations(db, db, actor);
}

/** Bookable services of the actor's locations (or the one asked for), oldest first. */
export async function listServices(db: Db, actor: Actor, query: ListQuery, cursors: CursorCodec): Promise<{ data: Service[]; next_cursor: string | null }> {
  const result = await pageInLocations(db, actor, cursors, 'services', query, (locations) => {
    const q = db.qb
      .selectFrom('services')
      .select([...serviceColumns, 'created_at'])
      .where('company_id', '=', actor.companyId);
    return locations ? q.where('location_id', 'in', locations) : q;
  });
  return { data: result.data.map(({ created_at: _created, ...service }) => service), next_cursor: result.next_cursor };
}

/** One service of the company, at a location the actor may act on. */
export async function getService(db: Db, actor: Actor, id: string): Promise<Service> {
  const service = await db.first(db.qb.selectFrom('services').select(serviceColumns).where('id', '=', id).where('company_id', '=', actor.companyId));
  if (!service) throw new ApiError('resource_missing', `No such service: ${id}.`, { param: 'id' });
  assertLocationAllowed(actor, service.location_id, 'id');
  return service;
}
