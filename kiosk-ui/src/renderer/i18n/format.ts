import type { KioskClass } from '@studio/shared/kiosk';

/**
 * Times in the location's zone (not the kiosk's clock setting), on the 24-hour clock: "18:00" reads
 * at a glance from a metre away and cannot be misread as morning.
 */
export function timeFormatter(zone: string) {
  const timeZone = knownZone(zone);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long' });
  const dateKey = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  /** "Tomorrow" (or the weekday) before a class that starts on another local day than today. */
  const dayPrefix = (start: Date, now: Date) => {
    if (dateKey.format(start) === dateKey.format(now)) return '';
    const tomorrow = new Date(now.getTime() + 86_400_000);
    return dateKey.format(start) === dateKey.format(tomorrow) ? 'Tomorrow ' : `${weekday.format(start)} `;
  };
  return {
    time: (iso: string | Date) => clock.format(new Date(iso)),
    span: (item: Pick<KioskClass, 'start' | 'end'>, now = new Date()) => {
      const start = new Date(item.start);
      return `${dayPrefix(start, now)}${clock.format(start)}–${clock.format(new Date(item.end))}`;
    },
    day: (at: Date) => day.format(at),
  };
}
export type TimeFormatter = ReturnType<typeof timeFormatter>;

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

export function spotsWords(item: Pick<KioskClass, 'spots_left' | 'status'>): string {
  if (item.status === 'cancelled') return 'Cancelled';
  if (item.spots_left <= 0) return 'Full';
  return item.spots_left === 1 ? '1 spot left' : `${item.spots_left} spots left`;
}
