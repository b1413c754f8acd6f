import type { KioskClass } from '@studio/shared/kiosk';
import type { Words } from './words.js';

/**
 * Times in the location's zone (not the kiosk's clock setting), on the 24-hour clock: "18:00" reads
 * at a glance from a metre away and cannot be misread as morning. Day names in the kiosk's language.
 */
export function timeFormatter(zone: string, words: Words) {
  const timeZone = knownZone(zone);
  const clock = new Intl.DateTimeFormat(words.locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat(words.locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  const weekday = new Intl.DateTimeFormat(words.locale, { timeZone, weekday: 'long' });
  const dateKey = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  /** "Tomorrow" (or the weekday) before a class that starts on another local day than today. */
  const onDay = (start: Date, now: Date, time: string) => {
    if (dateKey.format(start) === dateKey.format(now)) return time;
    const tomorrow = new Date(now.getTime() + 86_400_000);
    if (dateKey.format(start) === dateKey.format(tomorrow)) return words.t('class.tomorrow', { time });
    return words.t('class.on_weekday', { weekday: capitalised(weekday.format(start), words.locale), time });
  };
  return {
    time: (iso: string | Date) => clock.format(new Date(iso)),
    span: (item: Pick<KioskClass, 'start' | 'end'>, now = new Date()) => {
      const start = new Date(item.start);
      return onDay(start, now, `${clock.format(start)}–${clock.format(new Date(item.end))}`);
    },
    day: (at: Date) => capitalised(day.format(at), words.locale),
  };
}
export type TimeFormatter = ReturnType<typeof timeFormatter>;

/** Spanish weekdays are lower case in a sentence; at the start of a line they take a capital. */
function capitalised(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** A zone this browser does not know falls back to the kiosk's own clock setting, rather than no times at all. */
function knownZone(zone: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone;
  } catch {
    console.warn(`Unknown time zone ${zone}; showing the kiosk's local time`);
    return undefined;
  }
}

export function spotsWords(item: Pick<KioskClass, 'spots_left' | 'status'>, { t }: Words): string {
  if (item.status === 'cancelled') return t('spots.cancelled');
  if (item.spots_left <= 0) return t('spots.full');
  return t('spots.left', { count: item.spots_left });
}
