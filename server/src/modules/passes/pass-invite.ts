import { ApiError } from '@studio/shared';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { requireContactInReach } from '../locations/reach.js';
import { sessionLocation } from '../member-auth/location.js';
import { queueMessage } from '../messages/outbox.js';

/** The members' app's Pass screen at an origin, for the member's own location. */
export function passLink(origin: string, locationSlug: string): string {
  return `${origin.replace(/\/+$/, '')}/m/pass?location=${encodeURIComponent(locationSlug)}`;
}

/**
 * Emails the member a link to their app's Pass screen (the `pass_invite` template), in their
 * location's language: what staff "resend" from the member's page. The pass itself is never in the
 * email; the app fetches its key once the member is signed in.
 */
export async function sendPassInvite(db: Db, actor: Actor, contactId: string, origin: string, clock: Clock = systemClock): Promise<{ message_id: string }> {
  await requireContactInReach(db, db, actor, contactId, 'id');
  const contact = await db.first(db.qb.selectFrom('contacts').select(['email', 'location_id']).where('id', '=', contactId).where('company_id', '=', actor.companyId));
  if (!contact?.email) throw new ApiError('missing_field', 'This member has no email address: add one on their page first.', { param: 'email' });
  const location = await sessionLocation(db, contact.location_id);
  const messageId = await db.transaction((tx) =>
    queueMessage(
      db,
      tx,
      { companyId: actor.companyId, locationId: location.id, contactId, to: contact.email!, template: 'pass_invite', language: location.language, data: { link: passLink(origin, location.slug) } },
      clock,
    ),
  );
  return { message_id: messageId };
}
