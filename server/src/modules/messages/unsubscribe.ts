import { isLanguage, type Language } from '@studio/shared/i18n';
import type { Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { setClassReminders } from './preferences.js';
import { messageIdOfToken, tokenIsGenuine } from './unsubscribe-link.js';

/** Whom a genuine unsubscribe token turns reminders off for, and in which words and name the page speaks. */
export interface UnsubscribeTarget {
  contactId: string;
  companyId: string;
  language: Language;
  place: string;
}

/**
 * The member a one-click unsubscribe token was made for (unsubscribe-link.ts), or null: no such
 * message, a message to no member, or a signature that is not the company's for this message and
 * member (forged, altered, or made with a secret since replaced).
 */
export async function unsubscribeTarget(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  const messageId = messageIdOfToken(token);
  if (messageId === null) return null;
  const row = await db.first(
    db.qb
      .selectFrom('member_messages as m')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .leftJoin('locations as l', 'l.id', 'm.location_id')
      .select(['m.contact_id', 'm.company_id', 'm.language', 'c.credential_secret', 'c.name as company_name', 'l.name as location_name'])
      .where('m.id', '=', messageId),
  );
  if (!row || row.contact_id === null || row.credential_secret === null) return null;
  if (!tokenIsGenuine(token, row.credential_secret, messageId, row.contact_id)) return null;
  return { contactId: row.contact_id, companyId: row.company_id, language: isLanguage(row.language) ? row.language : 'en', place: row.location_name ?? row.company_name };
}

/** Turns off the class reminders of the token's member; null when the token is not genuine. */
export async function unsubscribeWithToken(db: Db, token: string, clock: Clock): Promise<UnsubscribeTarget | null> {
  const target = await unsubscribeTarget(db, token);
  if (!target) return null;
  await setClassReminders(db, db, { id: target.contactId, companyId: target.companyId }, false, 'unsubscribe_link', clock);
  return target;
}
