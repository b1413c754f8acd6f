import { DateTime } from 'luxon';

/** What the check-in rules read of the local clock. */
export interface LocalClock {
  /** YYYY-MM-DD */
  date: string;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
  /** HH:mm */
  time: string;
}

const cache = new Map<string, LocalClock>();
const maxEntries = 1000;

/**
 * The local date, weekday and minute in `zone` at `now`. Every scan asks; converting with a time
 * zone costs more than the rest of the decision (profile of resolve), and the answer only changes
 * once a minute, so it is kept per zone and UTC minute. Offsets are whole minutes in every zone in
 * use, so a UTC minute maps to one local minute.
 */
export function localClock(zone: string, now: Date): LocalClock {
  const minute = Math.floor(now.getTime() / 60_000);
  const key = `${zone}|${minute}`;
  let clock = cache.get(key);
  if (!clock) {
    const local = DateTime.fromMillis(minute * 60_000, { zone });
    clock = { date: local.toISODate()!, weekday: local.weekday, time: local.toFormat('HH:mm') };
    if (cache.size >= maxEntries) cache.clear();
    cache.set(key, clock);
  }
  return clock;
}
