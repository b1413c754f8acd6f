import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Db } from '../../db/types.js';

/**
 * A member's bookings for their calendar app, as iCalendar (RFC 5545, written by `ical-generator`):
 * one booking as an .ics file, or every upcoming one as a feed. Appointments from `bookings`,
 * class places from `class_attendees`; only the contact's own, only those still on.
 */

export type BookingKind = 'appointment' | 'class';

interface CalendarEntry {
  kind: BookingKind;
  id: string;
  title: string;
  start: string;
  end: string;
  location: string;
}

type Which = { kind: BookingKind; id: string } | { upcomingFrom: string };

async function appointments(db: Db, owner: { companyId: string; contactId: string }, which: Which): Promise<CalendarEntry[]> {
  if ('kind' in which && which.kind !== 'appointment') return [];
  let query = db.qb
    .selectFrom('bookings as b')
    .innerJoin('services as s', 's.id', 'b.service_id')
    .innerJoin('locations as l', 'l.id', 'b.location_id')
    .select(['b.id', 's.name', 'b.start_at', 'b.end_at', 'l.name as location'])
    .where('b.company_id', '=', owner.companyId)
    .where('b.contact_id', '=', owner.contactId)
    .where('b.status', '=', 'booked');
  query = 'kind' in which ? query.where('b.id', '=', which.id) : query.where('b.end_at', '>', which.upcomingFrom);
  const rows = await db.all(query.orderBy('b.start_at').limit(200));
  return rows.map((row) => ({ kind: 'appointment', id: row.id, title: row.name, start: row.start_at, end: row.end_at, location: row.location }));
}

async function classPlaces(db: Db, owner: { companyId: string; contactId: string }, which: Which): Promise<CalendarEntry[]> {
  if ('kind' in which && which.kind !== 'class') return [];
  let query = db.qb
    .selectFrom('class_attendees as a')
    .innerJoin('classes as c', 'c.id', 'a.class_id')
    .innerJoin('services as s', 's.id', 'c.service_id')
    .innerJoin('locations as l', 'l.id', 'c.location_id')
    .select(['a.id', 's.name', 'c.start_at', 'c.end_at', 'l.name as location'])
    .where('a.company_id', '=', owner.companyId)
    .where('a.contact_id', '=', owner.contactId)
    .where('a.status', 'in', ['reserved', 'checked_in'])
    .where('c.status', '=', 'scheduled');
  query = 'kind' in which ? query.where('a.id', '=', which.id) : query.where('c.end_at', '>', which.upcomingFrom);
  const rows = await db.all(query.orderBy('c.start_at').limit(200));
  return rows.map((row) => ({ kind: 'class', id: row.id, title: row.name, start: row.start_at, end: row.end_at, location: row.location }));
}

function calendarText(name: string, entries: CalendarEntry[]): string {
  const calendar = ical({ name, prodId: { company: 'Studio', product: 'Members app', language: 'EN' }, method: ICalCalendarMethod.PUBLISH });
  for (const entry of entries) {
    // A stable UID per booking: a calendar app updates the event on the next read instead of adding another.
    calendar.createEvent({ id: `${entry.kind}-${entry.id}@studio`, start: new Date(entry.start), end: new Date(entry.end), summary: entry.title, location: entry.location });
  }
  return calendar.toString();
}

/** One of the contact's bookings still on, as an .ics file; undefined when it is not theirs, not known, or cancelled. */
export async function bookingCalendar(db: Db, owner: { companyId: string; contactId: string }, kind: BookingKind, id: string): Promise<{ text: string; title: string } | undefined> {
  const entries = [...(await appointments(db, owner, { kind, id })), ...(await classPlaces(db, owner, { kind, id }))];
  const entry = entries[0];
  return entry && { text: calendarText(entry.title, entries), title: entry.title };
}

/** The contact's bookings not yet over at `nowIso`, appointments and classes, as one feed. */
export async function upcomingCalendar(db: Db, owner: { companyId: string; contactId: string }, name: string, nowIso: string): Promise<string> {
  const entries = [...(await appointments(db, owner, { upcomingFrom: nowIso })), ...(await classPlaces(db, owner, { upcomingFrom: nowIso }))];
  entries.sort((a, b) => a.start.localeCompare(b.start));
  return calendarText(name, entries);
}
