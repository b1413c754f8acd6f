import { DateTime } from 'luxon';

/**
 * Every time shows in the location's zone, never the browser's; when the two differ the zone's
 * abbreviation is added so a manager working from home is not misled. `viewerZone` is injectable
 * so tests do not depend on the machine's zone.
 */
export function formatLocalTime(iso: string, zone: string, locale?: string, viewerZone: string = DateTime.local().zoneName ?? 'UTC'): string {
  const at = DateTime.fromISO(iso, { zone }).setLocale(locale ?? 'en-GB');
  const time = at.toLocaleString(DateTime.TIME_24_SIMPLE);
  return sameOffset(at, viewerZone) ? time : `${time} ${at.offsetNameShort ?? at.toFormat('ZZ')}`;
}

/** A date and time as the locale writes it ("3 Mar 2026, 09:00", "3. März 2026, 09:00"), for lists spanning days (visits, sessions, keys). */
export function formatLocalDateTime(iso: string, zone: string, locale?: string, viewerZone: string = DateTime.local().zoneName ?? 'UTC'): string {
  return formatInZone(iso, zone, DateTime.DATETIME_MED, locale, viewerZone);
}

/** The same to the second, where moments a few seconds apart must read apart (a webhook's retries). */
export function formatLocalDateTimeSeconds(iso: string, zone: string, locale?: string, viewerZone: string = DateTime.local().zoneName ?? 'UTC'): string {
  return formatInZone(iso, zone, DateTime.DATETIME_MED_WITH_SECONDS, locale, viewerZone);
}

function formatInZone(iso: string, zone: string, format: Intl.DateTimeFormatOptions, locale: string | undefined, viewerZone: string): string {
  const at = DateTime.fromISO(iso, { zone }).setLocale(locale ?? 'en-GB');
  const text = at.toLocaleString(format);
  return sameOffset(at, viewerZone) ? text : `${text} ${at.offsetNameShort ?? at.toFormat('ZZ')}`;
}

/** A calendar date (YYYY-MM-DD, already local to the location) in words, as the locale writes it: "3 Mar 2026", "3. März 2026". */
export function formatDay(day: string, locale?: string): string {
  return DateTime.fromISO(day, { zone: 'UTC' })
    .setLocale(locale ?? 'en-GB')
    .toLocaleString(DateTime.DATE_MED);
}

/** Today's date at the location, for a sale's start date. */
export function todayAt(zone: string, now: Date): string {
  return DateTime.fromJSDate(now).setZone(zone).toISODate() ?? '';
}

/**
 * "3 min ago", "vor 3 Min.", "hace 3 min" for a hover-free glance, as the locale says it; under a
 * minute is "now". Callers pass the page's locale (useLocale) and put the exact time in a title.
 * The phrase is short and never breaks ("vor 11" over "Min." in a narrow table column).
 */
export function relativeTo(iso: string, now: Date, locale = 'en-GB'): string {
  const seconds = Math.round((now.getTime() - Date.parse(iso)) / 1000);
  // "auto" only for the zero that reads "now": 25 hours ago is not always "yesterday".
  if (seconds < 60) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  const format = new Intl.RelativeTimeFormat(locale, { style: 'short' });
  const words = (value: number, unit: Intl.RelativeTimeFormatUnit) => format.format(-value, unit).replaceAll(' ', '\u00a0');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return words(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return words(hours, 'hour');
  return words(Math.floor(hours / 24), 'day');
}

function sameOffset(at: DateTime, viewerZone: string): boolean {
  return at.setZone(viewerZone).offset === at.offset;
}
