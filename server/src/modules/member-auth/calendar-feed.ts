import { toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { hashSecret, mintSecret } from '../staff-accounts/secrets.js';

/**
 * A member's private calendar feed link (migrations/026): calendar apps fetch it on their own,
 * without the member's cookie, so the random token in it is the only authorization. The server
 * keeps its hash alone: the link is shown once, when made; renewing makes a new one and the old
 * link stops working at once; revoking stops it.
 */

export interface FeedOwner {
  companyId: string;
  contactId: string;
  locationId: string;
}

/** Whether the member has a live feed link, and since when. */
export async function calendarFeedOf(db: Db, owner: FeedOwner): Promise<{ created_at: string } | undefined> {
  return db.first(db.qb.selectFrom('member_calendar_feeds').select('created_at').where('contact_id', '=', owner.contactId).where('company_id', '=', owner.companyId));
}

/** A new feed token for the member, replacing any before it; answers the token, never stored. */
export async function renewCalendarFeed(db: Db, owner: FeedOwner, clock: Clock): Promise<{ token: string; created_at: string }> {
  const { secret, hash } = mintSecret();
  const created_at = toIso(clock());
  await db.transaction(async (tx) => {
    await tx.run(db.qb.deleteFrom('member_calendar_feeds').where('contact_id', '=', owner.contactId).where('company_id', '=', owner.companyId));
    await tx.run(db.qb.insertInto('member_calendar_feeds').values({ contact_id: owner.contactId, company_id: owner.companyId, location_id: owner.locationId, token_hash: hash, created_at }));
  });
  return { token: secret, created_at };
}

export async function revokeCalendarFeed(db: Db, owner: FeedOwner): Promise<void> {
  await db.run(db.qb.deleteFrom('member_calendar_feeds').where('contact_id', '=', owner.contactId).where('company_id', '=', owner.companyId));
}

/** The member a feed token is for; undefined for a token never made, renewed or revoked. */
export async function feedOwnerOf(db: Db, token: string): Promise<FeedOwner | undefined> {
  const row = await db.first(db.qb.selectFrom('member_calendar_feeds').select(['company_id', 'contact_id', 'location_id']).where('token_hash', '=', hashSecret(token)));
  return row && { companyId: row.company_id, contactId: row.contact_id, locationId: row.location_id };
}
