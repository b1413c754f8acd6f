import { ApiError } from '@studio/shared';
import { lockRows } from '../../db/row-locks.js';
import type { Queryable } from '../../db/types.js';
import type { HandlerContext } from '../../http/route.js';
import { requireLocation, type LocationRow } from '../../plugins/auth.js';
import { findClass, requireContact, type ClassRow } from './class-repository.js';

type Ctx = HandlerContext<unknown, unknown, unknown>;

/**
 * The opening of every change to a contact's spot, inside its transaction: the class lock that
 * orders every change to its roster (server/src/db/row-locks.ts), then the class as it is now (404
 * for another company's, 403 outside the key's locations) and the contact (404). Booking and
 * check-in refuse a cancelled class.
 */
export async function openSpotChange(ctx: Ctx, sql: Queryable, classId: string, contactId: string, options: { refuseCancelled: boolean }): Promise<{ cls: ClassRow; location: LocationRow }> {
  // Locked before it is read, so the row read is the current one: no second read under the lock.
  await lockRows(sql, { class: classId });
  const cls = await findClass(ctx.db, sql, ctx.auth, classId);
  await requireContact(ctx.db, sql, ctx.auth.companyId, contactId);
  const location = await requireLocation(ctx.db, sql, ctx.auth, cls.location_id, 'id');
  if (options.refuseCancelled && cls.status === 'cancelled') throw new ApiError('class_cancelled', 'This class is cancelled.');
  return { cls, location };
}
