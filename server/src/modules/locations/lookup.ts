import { ApiError, type Location } from '@studio/shared';
import { prepared } from '../../db/prepared.js';
import type { Tables } from '../../db/tables.js';
import type { Db, Queryable } from '../../db/types.js';
import { noteAccess } from '../../domain/access-notes.js';
import { actorNoun, mayActOn, type Actor } from '../../domain/actor.js';

/**
 * The location rule's first half, for every service (the second, who is within reach, is reach.ts): a
 * location of another company, or an unknown one, does not exist for the actor (404), and one of
 * its company outside the actor's locations is refused (403).
 */

export type LocationRow = Omit<Tables['locations'], 'created_at' | 'currency'>;

const companyLocation = prepared((qb, id: string, companyId: string) =>
  qb.selectFrom('locations').select(['id', 'company_id', 'name', 'slug', 'timezone', 'country', 'address', 'settings']).where('id', '=', id).where('company_id', '=', companyId),
);

/**
 * The location a request targets: another company's or an unknown id is 404 (a key must not learn
 * what exists elsewhere); one of the company's outside the actor's locations is 403.
 */
export async function requireLocation(db: Db, sql: Queryable, actor: Actor, locationId: string, param = 'location_id'): Promise<LocationRow> {
  return checkedLocation(actor, await sql.first(companyLocation(db, locationId, actor.companyId)), locationId, param);
}

/** `requireLocation` on a location row read by another statement (undefined: not the company's). */
export function checkedLocation(actor: Actor, location: LocationRow | undefined, locationId: string, param = 'location_id'): LocationRow {
  if (!location) throw new ApiError('resource_missing', `No such location: ${locationId}.`, { param });
  assertLocationAllowed(actor, location.id, param);
  return location;
}

/** Refuses a location of the company outside the actor's locations (403), and notes that the answer depended on it. */
export function assertLocationAllowed(actor: Actor, locationId: string, param = 'location_id'): void {
  if (!mayActOn(actor, locationId)) {
    throw new ApiError('location_not_allowed', `That location is outside the locations ${actorNoun(actor)} may act on.`, { param });
  }
  noteAccess(actor, { location: locationId });
}

/**
 * The locations a list may show: the one asked for (checked), else the actor's own; null means
 * every location of the company.
 */
export async function visibleLocations(db: Db, sql: Queryable, actor: Actor, requested: string | undefined): Promise<readonly string[] | null> {
  if (requested !== undefined) return [(await requireLocation(db, sql, actor, requested)).id];
  return actor.locationIds;
}

/** The locations the actor may act on, by name then id. */
export async function actorLocations(db: Db, sql: Queryable, actor: Actor): Promise<Location[]> {
  let query = db.qb.selectFrom('locations').select(['id', 'name', 'slug', 'timezone', 'address']).where('company_id', '=', actor.companyId).orderBy('name').orderBy('id');
  if (actor.locationIds !== null) query = query.where('id', 'in', actor.locationIds.length ? actor.locationIds : ['']);
  return sql.all(query);
}

/** The ids of `actorLocations`, in the same stable order. */
export async function actorLocationIds(db: Db, sql: Queryable, actor: Actor): Promise<string[]> {
  return (await actorLocations(db, sql, actor)).map((location) => location.id);
}

/**
 * The one location an action takes place at: the one given (checked), else the actor's only
 * location; an actor of several locations must name one.
 */
export async function targetLocation(db: Db, sql: Queryable, actor: Actor, locationId: string | undefined): Promise<LocationRow> {
  if (locationId !== undefined) return requireLocation(db, sql, actor, locationId);
  const locations = await actorLocations(db, sql, actor);
  if (locations.length !== 1) throw new ApiError('missing_field', 'location_id is required: this key acts on several locations.', { param: 'location_id' });
  return requireLocation(db, sql, actor, locations[0]!.id);
}
