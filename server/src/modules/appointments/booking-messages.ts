import { isLanguage } from '@studio/shared/i18n';
import type { Clock } from '../../clock/time.js';
import type { Db, Queryable } from '../../db/types.js';
import { parseLocationSettings } from '../locations/settings.js';
import { queueMessage } from '../messages/outbox.js';
import type { BookingRow } from './bookings-repository.js';

export type BookingChange = { template: 'booking_confirmed' } | { template: 'booking_cancelled' } | { template: 'booking_moved'; previousStart: string };

/**
 * Tells the member of an appointment booked, moved or cancelled, by email in the location's
 * language, on `sql`: the transaction of the change, so the message goes if and only if the change
 * is kept. Whoever made the change (the member, the desk, an API key) the member hears of it; a
 * contact with no email on file is told nothing.
 */
export async function queueBookingMessage(
  db: Db,
  sql: Queryable,
  booking: Pick<BookingRow, 'company_id' | 'location_id' | 'contact_id' | 'service_id' | 'start_at'>,
  change: BookingChange,
  clock: Clock,
): Promise<void> {
  const row = await sql.first(
    db.qb
      .selectFrom('contacts as c')
      .innerJoin('services as s', (join) => join.on('s.id', '=', booking.service_id))
      .innerJoin('locations as l', (join) => join.on('l.id', '=', booking.location_id))
      .select(['c.email', 's.name as service', 'l.settings'])
      .where('c.id', '=', booking.contact_id)
      .where('c.company_id', '=', booking.company_id),
  );
  if (!row?.email) return;
  const language = parseLocationSettings(row.settings).branding.language;
  const data: Record<string, string> = { service: row.service, start_at: booking.start_at };
  if (change.template === 'booking_moved') data.previous_start_at = change.previousStart;
  await queueMessage(
    db,
    sql,
    { companyId: booking.company_id, locationId: booking.location_id, contactId: booking.contact_id, to: row.email, template: change.template, language: isLanguage(language) ? language : 'en', data },
    clock,
  );
}
