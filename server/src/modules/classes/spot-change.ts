import { ApiError } from '@studio/shared';
import { lockRows } from '../../db/row-locks.js';
import type { Db, Queryable } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireLocation, type LocationRow } from '../locations/lookup.js';
import { findClass, requireContact, type ClassRow } from './class-repository.js';

/**
 * The opening of every change to a contact's spot, inside its transaction: the class lock that
 * orders every change to its roster (server/src/db/row-locks.ts), then the class as it is now (404
 * for another company's, 403 outside the actor's locations) and the contact (404). Booking and
 * check-in refuse a cancelled class.
 */
export async function openSpotChange(
  db: Db,
  sql: Queryable,
  actor: Actor,
  classId: string,
  contactId: string,
  options: { refuseCancelled: boolean },
): Promise<{ cls: ClassRow; location: LocationRow }> {
  // Locked before it is read, so the row read is the current one: no second read under the lock.
  await lockRows(sql, { class: classId });
  return readSpotChange(db, sql, actor, classId, contactId, options);
}

/**
 * The same reads and refusals without the class lock: what a change would meet now, for a refusal
 * that needs no lock (a booking of a full class, book.ts).
 */
export async function readSpotChange(
  db: Db,
  sql: Queryable,
  actor: Actor,
  classId: string,
  contactId: string,
  options: { refuseCancelled: boolean },
): Promise<{ cls: ClassRow; location: LocationRow }> {
  const cls = await findClass(db, sql, actor, classId);
  await requireContact(db, sql, actor.companyId, contactId);
  const location = await requireLocation(db, sql, actor, cls.location_id, 'id');
  if (options.refuseCancelled && cls.status === 'cancelled') throw new ApiError('class_cancelled', 'This class is cancelled.');
  return { cls, location };
}
