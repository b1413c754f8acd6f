import { ApiError } from '@studio/shared';
import type { MemberOffer } from '@studio/shared/schemas/member-classes';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { bookClass } from './book.js';
import type { WaitlistRow } from './class-repository.js';
import { leaveWaitlist } from './leave-waitlist.js';
import { memberClasses, memberContactOf } from './member-classes.js';
import { memberLocation } from './member-timetable.js';

/**
 * A member's waitlist offers, as the emailed link opens them: read, accepted (booking while the offer
 * holds the spot, bookClass) or declined (leaving the waitlist passes the spot on). Only the member's
 * own entries exist here: another's is not found, as one that never was.
 */

async function ownEntry(db: Db, actor: Actor, waitlistId: string): Promise<WaitlistRow> {
  const entry = await db.first(db.qb.selectFrom('class_waitlist').selectAll().where('id', '=', waitlistId).where('company_id', '=', actor.companyId).where('contact_id', '=', memberContactOf(actor)));
  if (!entry) throw new ApiError('resource_missing', 'No such waitlist offer of yours.', { param: 'id' });
  return entry;
}

function offerStatus(entry: WaitlistRow, now: number): MemberOffer['status'] {
  if (entry.status === 'offered' && entry.offer_expires_at !== null && Date.parse(entry.offer_expires_at) > now) return 'open';
  if (entry.status === 'promoted') return 'accepted';
  if (entry.status === 'cancelled' && entry.cancelled_with_class === 0) return 'declined';
  return 'expired';
}

async function offerView(db: Db, actor: Actor, entry: WaitlistRow, now: number): Promise<MemberOffer> {
  const location = await memberLocation(db, actor);
  const [cls] = await memberClasses(db, actor, location, { from: 0, to: Date.parse('9999-12-31T00:00:00Z'), classIds: [entry.class_id], pastToo: true }, now);
  // A class of another location is not this app's to show.
  if (!cls) throw new ApiError('resource_missing', 'No such waitlist offer of yours.', { param: 'id' });
  return { waitlist_id: entry.id, status: offerStatus(entry, now), class: cls };
}

export async function memberOffer(db: Db, actor: Actor, waitlistId: string, clock: Clock = systemClock): Promise<MemberOffer> {
  return offerView(db, actor, await ownEntry(db, actor, waitlistId), clock());
}

/** Takes the offered spot before the deadline; an offer taken already answers as it is, a lapsed one is refused (409 `offer_expired`). */
export async function acceptOffer(db: Db, actor: Actor, waitlistId: string, clock: Clock = systemClock): Promise<MemberOffer> {
  const entry = await ownEntry(db, actor, waitlistId);
  const status = offerStatus(entry, clock());
  if (status === 'accepted') return offerView(db, actor, entry, clock());
  if (status !== 'open') throw new ApiError('offer_expired', 'This offer has ended: it was not taken before its deadline, or it was declined. The spot has gone to the next in line.', { param: 'id' });
  await bookClass(db, actor, entry.class_id, { contact_id: entry.contact_id }, clock);
  return memberOffer(db, actor, waitlistId, clock);
}

/** Declines an open offer: the member leaves the waitlist and the spot goes on. An offer no longer open answers as it is. */
export async function declineOffer(db: Db, actor: Actor, waitlistId: string, clock: Clock = systemClock): Promise<MemberOffer> {
  const entry = await ownEntry(db, actor, waitlistId);
  if (offerStatus(entry, clock()) === 'open') await leaveWaitlist(db, actor, entry.class_id, entry.contact_id, clock);
  return memberOffer(db, actor, waitlistId, clock);
}
