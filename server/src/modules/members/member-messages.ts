import type { MemberMessageView } from '@studio/shared/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/types.js';
import type { Actor } from '../../domain/actor.js';
import { getContact } from '../contacts/service.js';

const shown = 50;

/**
 * A member's last 50 emails with every attempt to send each, for the member's page: the contact is
 * found as the API finds it (404 another company's, 403 outside the actor's locations). What a
 * message said is not shown, only which template and how its sending went: its values may be secret.
 */
export async function memberMessages(db: Db, actor: Actor, contactId: string): Promise<z.infer<typeof MemberMessageView>[]> {
  const contact = await getContact(db, actor, contactId);
  const messages = await db.all(
    db.qb
      .selectFrom('member_messages')
      .select(['id', 'template', 'language', 'to_address', 'location_id', 'status', 'created_at', 'sent_at', 'next_attempt_at'])
      .where('company_id', '=', actor.companyId)
      .where('contact_id', '=', contact.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(shown),
  );
  const ids = messages.map((message) => message.id);
  const attempts =
    ids.length === 0 ? [] : await db.all(db.qb.selectFrom('member_message_attempts').select(['message_id', 'at', 'outcome', 'detail']).where('message_id', 'in', ids).orderBy('at').orderBy('id'));
  return messages.map((message) => ({
    id: message.id,
    template: message.template,
    language: message.language,
    to: message.to_address,
    location_id: message.location_id,
    status: message.status,
    created_at: message.created_at,
    sent_at: message.sent_at,
    next_attempt_at: message.status === 'queued' ? message.next_attempt_at : null,
    attempts: attempts.filter((attempt) => attempt.message_id === message.id).map(({ at, outcome, detail }) => ({ at, outcome, detail })),
  }));
}
