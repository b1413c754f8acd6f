import { DateTime } from 'luxon';

/** The catalog key (appointments namespace) of a booking's status in words: the calendar's colours repeat it, never replace it. */
export function statusKey(booking: { status: string; late_cancel: boolean }): 'status.booked' | 'status.completed' | 'status.no_show' | 'status.cancelled' | 'status.cancelled_late' {
  switch (booking.status) {
    case 'completed':
      return 'status.completed';
    case 'no_show':
      return 'status.no_show';
    case 'cancelled':
      return booking.late_cancel ? 'status.cancelled_late' : 'status.cancelled';
    default:
      return 'status.booked';
  }
}

/** "10:00–11:00" in the location's zone. */
export function timeRange(start: string, end: string, zone: string): string {
  const at = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('HH:mm');
  return `${at(start)}–${at(end)}`;
}

/** A local date and wall time at the location as the instant the server takes, or null when it does not read as one. */
export function localToIso(date: string, time: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const at = DateTime.fromISO(`${date}T${time}`, { zone });
  return at.isValid ? at.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** The local date (YYYY-MM-DD) of an instant at the location. */
export function localDateOf(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toISODate() ?? '';
}

/** Minutes since local midnight of `date` at the location (may pass 1440 for a span ending the next day). */
export function minutesIntoDay(iso: string, date: string, zone: string): number {
  const midnight = DateTime.fromISO(date, { zone }).startOf('day');
  return Math.round(DateTime.fromISO(iso, { zone }).diff(midnight, 'minutes').minutes);
}

/** A short day for a column heading, as the locale writes it: "Tue, 2 Jun", "Di., 2. Juni". */
export function dayHeading(date: string, locale: string): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).setLocale(locale).toLocaleString({ weekday: 'short', day: 'numeric', month: 'short' });
}

/** A date's weekday, short, as the locale writes it: "Tue", "Di.". */
export function weekdayOf(date: string, locale: string): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).setLocale(locale).toLocaleString({ weekday: 'short' });
}

/** A date's day and month, short, as the locale writes it: "2 Jun", "2. Juni". */
export function dayOfMonth(date: string, locale: string): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).setLocale(locale).toLocaleString({ day: 'numeric', month: 'short' });
}

export function shiftDate(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate() ?? date;
}

/** The Monday of the week a date lies in: weeks run Monday to Sunday. */
export function mondayOf(date: string): string {
  const day = DateTime.fromISO(date, { zone: 'UTC' });
  return day.minus({ days: day.weekday - 1 }).toISODate() ?? date;
}

export interface Span {
  start: string;
  end: string;
}

/** "09:00-13:00, 14:00-18:00" for a day's spans; empty for a day not worked. */
export function spansText(spans: readonly Span[]): string {
  return spans.map((span) => `${span.start}-${span.end}`).join(', ');
}

/** What was typed for a day's hours as spans, or the part that does not read as a span (the page says how to write it). Empty: not worked. */
export function parseSpansText(text: string): { spans: Span[] } | { badPart: string } {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const spans: Span[] = [];
  for (const part of parts) {
    const match = /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/.exec(part);
    if (!match) return { badPart: part };
    const pad = (h: string, m: string) => `${h.padStart(2, '0')}:${m}`;
    spans.push({ start: pad(match[1]!, match[2]!), end: pad(match[3]!, match[4]!) });
  }
  return { spans };
}
