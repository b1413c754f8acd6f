import type { Clock } from '../../clock/time.js';
import type { Db, Queryable } from '../../db/types.js';
import { parseLocationSettings } from '../locations/settings.js';
import { queueMessage } from '../messages/outbox.js';
import type { MessageTemplate } from '../messages/templates/names.js';

/** The class messages a member gets about their spot or their place on the waitlist. */
export type ClassMessage = Extract<MessageTemplate, 'booking_confirmed' | 'booking_cancelled' | 'waitlist_promoted' | 'waitlist_offer' | 'class_cancelled'>;

export interface ClassNews {
  cls: { id: string; company_id: string; location_id: string; service_id: string; start_at: string };
  contactId: string;
  template: ClassMessage;
  /** A waitlist offer's entry and deadline: the email's accept link is made from the entry when it is sent (messages/app-links.ts). */
  offer?: { waitlistId: string; deadlineAt: string };
}

/**
 * Tells a member what changed about their class, in the transaction of the change (messages/outbox.ts):
 * whoever made it (the member's app, the desk, an API key, the waitlist), so the member hears of it
 * however it came about. A contact without an email gets nothing. Worded in the location's language.
 */
export async function tellMemberOfClass(db: Db, sql: Queryable, news: ClassNews, clock: Clock): Promise<void> {
  const { cls } = news;
  const contact = await sql.first(db.qb.selectFrom('contacts').select('email').where('id', '=', news.contactId).where('company_id', '=', cls.company_id));
  const email = contact?.email?.trim();
  if (!email) return;
  const [location, service] = await Promise.all([
    sql.first(db.qb.selectFrom('locations').select('settings').where('id', '=', cls.location_id)),
    sql.first(db.qb.selectFrom('services').select('name').where('id', '=', cls.service_id)),
  ]);
  const data: Record<string, string> = { service: service?.name ?? '', start_at: cls.start_at };
  if (news.offer) Object.assign(data, { deadline_at: news.offer.deadlineAt, waitlist_id: news.offer.waitlistId });
  await queueMessage(
    db,
    sql,
    {
      companyId: cls.company_id,
      locationId: cls.location_id,
      contactId: news.contactId,
      to: email,
      template: news.template,
      language: location ? parseLocationSettings(location.settings).branding.language : 'en',
      data,
    },
    clock,
  );
}
