import { toIso, type Clock } from '../../clock/time.js';
import type { Db, Queryable } from '../../db/types.js';

export interface MemberPreferences {
  class_reminders: boolean;
}

/** A member's email choices; no row is every default (reminders on). */
export async function preferencesOf(db: Db, sql: Queryable, contactId: string): Promise<MemberPreferences> {
  const row = await sql.first(db.qb.selectFrom('member_preferences').select('class_reminders').where('contact_id', '=', contactId));
  return { class_reminders: row ? row.class_reminders === 1 : true };
}

/**
 * Turns a member's class reminders on or off (the member's own route, or the reminder's one-click
 * link), noting how. Reminders already queued still go; spots whose reminder is not yet queued
 * follow the new choice.
 */
export async function setClassReminders(db: Db, sql: Queryable, contact: { id: string; companyId: string }, on: boolean, via: 'member' | 'unsubscribe_link', clock: Clock): Promise<MemberPreferences> {
  const values = { class_reminders: on ? 1 : 0, updated_via: via, updated_at: toIso(clock()) };
  await sql.run(
    db.qb
      .insertInto('member_preferences')
      .values({ contact_id: contact.id, company_id: contact.companyId, ...values })
      .onConflict((oc) => oc.column('contact_id').doUpdateSet(values)),
  );
  return { class_reminders: on };
}
