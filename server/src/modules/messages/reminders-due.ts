import { isLanguage } from '@studio/shared/i18n';
import { toIso, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { parseLocationSettings } from '../locations/settings.js';
import { queueMessage } from './outbox.js';

export interface QueuedReminders {
  /** Reminders queued this pass. */
  queued: number;
  /** Spots whose member had turned reminders off or has no email: recorded, none queued. */
  skipped: number;
}

/**
 * One pass of the class reminders: for each location whose `classes.reminder_hours_before` is set,
 * every spot still reserved in a class still scheduled that starts within that many hours (and has
 * not started) gets its `class_reminder` once. The spot's row in `class_reminders` is written in
 * the transaction that queues the message; its key is the spot, so a second scheduler (another
 * process, or this one after a restart) finds it taken and queues nothing. A member who turned
 * reminders off, or has no email, gets a row with no message, so the spot is not looked at again.
 */
export async function queueDueReminders(db: Db, clock: Clock, limit = 200): Promise<QueuedReminders> {
  const nowMs = clock();
  const now = toIso(nowMs);
  const result: QueuedReminders = { queued: 0, skipped: 0 };
  const locations = await db.all(db.qb.selectFrom('locations').select(['id', 'settings']).orderBy('id'));
  for (const location of locations) {
    const settings = parseLocationSettings(location.settings);
    const hours = settings.classes.reminder_hours_before;
    if (hours <= 0) continue;
    const language = isLanguage(settings.branding.language) ? settings.branding.language : 'en';
    const spots = await db.all(
      db.qb
        .selectFrom('class_attendees as a')
        .innerJoin('classes as c', 'c.id', 'a.class_id')
        .innerJoin('services as s', 's.id', 'c.service_id')
        .innerJoin('contacts as p', 'p.id', 'a.contact_id')
        .leftJoin('class_reminders as r', 'r.attendee_id', 'a.id')
        .leftJoin('member_preferences as mp', 'mp.contact_id', 'a.contact_id')
        .select(['a.id', 'a.company_id', 'a.contact_id', 'c.start_at', 's.name as service', 'p.email', 'mp.class_reminders'])
        .where('c.location_id', '=', location.id)
        .where('c.status', '=', 'scheduled')
        .where('a.status', '=', 'reserved')
        .where('r.attendee_id', 'is', null)
        .where('c.start_at', '>', now)
        .where('c.start_at', '<=', toIso(nowMs + hours * 3_600_000))
        .orderBy('c.start_at')
        .orderBy('a.id')
        .limit(limit),
    );
    for (const spot of spots) {
      const wanted = spot.email !== null && spot.email !== '' && spot.class_reminders !== 0;
      const done = await db
        .transaction(async (tx) => {
          const messageId = wanted
            ? await queueMessage(
                db,
                tx,
                {
                  companyId: spot.company_id,
                  locationId: location.id,
                  contactId: spot.contact_id,
                  to: spot.email!,
                  template: 'class_reminder',
                  language,
                  data: { service: spot.service, start_at: spot.start_at },
                },
                clock,
              )
            : null;
          // The spot's key: another scheduler's row, committed first, makes this insert a no-op and rolls the message back.
          const inserted = await tx.run(
            db.qb
              .insertInto('class_reminders')
              .values({ attendee_id: spot.id, company_id: spot.company_id, message_id: messageId, created_at: now })
              .onConflict((oc) => oc.column('attendee_id').doNothing()),
          );
          if (inserted === 0) throw new ReminderTaken();
          return messageId !== null;
        })
        .catch((error: unknown) => {
          if (error instanceof ReminderTaken) return null;
          throw error;
        });
      if (done === true) result.queued++;
      else if (done === false) result.skipped++;
    }
  }
  return result;
}

/** Another scheduler queued this spot's reminder first: this transaction rolls back. */
class ReminderTaken extends Error {}
