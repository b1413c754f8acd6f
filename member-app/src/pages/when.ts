import { localeFor, type Language } from '@studio/shared/i18n';

/** A time in the location's zone, in the phone's language: "Wed 10 Jun, 11:00". */
export function dayAndTime(language: string, zone: string, iso: string): string {
  return new Intl.DateTimeFormat(localeFor(language as Language, null), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(iso));
}

/** The clock time alone, in the location's zone: "11:00". */
export function clockTime(language: string, zone: string, iso: string): string {
  return new Intl.DateTimeFormat(localeFor(language as Language, null), { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(iso));
}

/** A local date (YYYY-MM-DD) in the phone's language: "1 July 2026". */
export function longDate(language: string, date: string): string {
  return new Intl.DateTimeFormat(localeFor(language as Language, null), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Today's date at the location, as YYYY-MM-DD, `plusDays` on. */
export function localDate(zone: string, plusDays = 0, now = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone }).format(new Date(now));
  const date = new Date(`${parts}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date.toISOString().slice(0, 10);
}
