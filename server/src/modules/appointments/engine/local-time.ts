import { DateTime, IANAZone } from 'luxon';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** The location's zone; an unknown name is a caller's bug (locations store validated zones). */
export function locationZone(name: string): IANAZone {
  const zone = IANAZone.create(name);
  if (!zone.isValid) throw new RangeError(`unknown IANA time zone: ${name}`);
  return zone;
}

/**
 * The local wall-clock reading of an instant as milliseconds on a UTC timeline, so that
 * `% DAY_MS` is the time since local midnight as the clock shows it.
 */
export function wallClock(zone: IANAZone, instant: number): number {
  return instant + zone.offset(instant) * MINUTE_MS;
}

/**
 * The date part of an instant's ISO string: 'YYYY-MM-DD', or '-YYYYYY-MM-DD' / '+YYYYYY-MM-DD'
 * outside years 0 to 9999 (cutting at 10 characters there kept the month and lost the day, and
 * a loop over days then never moved on).
 */
function isoDate(ms: number): string {
  return new Date(ms).toISOString().split('T')[0]!;
}

/** Midnight UTC of a date as milliseconds. */
function dateMs(date: string): number {
  return Date.parse(`${date}T00:00Z`);
}

/** The local date ('YYYY-MM-DD') of an instant. */
export function localDate(zone: IANAZone, instant: number): string {
  return isoDate(wallClock(zone, instant));
}

export function addDays(date: string, days: number): string {
  return isoDate(dateMs(date) + days * DAY_MS);
}

/** ISO weekday of a date: 1 Monday .. 7 Sunday. */
export function isoWeekday(date: string): number {
  return new Date(`${date}T00:00Z`).getUTCDay() || 7;
}

/** Every local date from the day before `from`'s to the day after `to`'s, in order. */
export function localDatesAround(zone: IANAZone, from: number, to: number): string[] {
  // Compared as instants: as strings, '+010000-01-01' sorts before '9999-12-31'.
  const last = dateMs(addDays(localDate(zone, to), 1));
  const dates: string[] = [];
  for (let day = dateMs(addDays(localDate(zone, from), -1)); day <= last; day += DAY_MS) dates.push(isoDate(day));
  return dates;
}

/**
 * The instant of a local date and 'HH:MM' ('24:00' is the next date's 00:00), read by luxon in
 * the zone on that date. A wall time the clocks skip maps to the first real instant after the
 * gap (the transition itself), where luxon alone would move it forward by the gap's length: so a
 * span is exactly the instants whose wall clock reads inside it, whichever end falls in a gap.
 */
export function localInstant(zone: IANAZone, date: string, time: string): number {
  const [day, clock] = time === '24:00' ? [addDays(date, 1), '00:00'] : [date, time];
  const parsed = /^\d{2}:\d{2}$/.test(clock) ? DateTime.fromISO(`${day}T${clock}`, { zone }) : undefined;
  if (!parsed?.isValid) throw new RangeError(`invalid local time ${date} ${time}`);
  const instant = parsed.toMillis();
  const wanted = Date.parse(`${day}T${clock}Z`);
  if (wallClock(zone, instant) === wanted) return instant;
  // Read with the offset after the gap, the wanted wall time is an instant before the gap.
  // Stryker disable next-line ArithmeticOperator: any instant before the gap (earlier offset, same transition ahead) leads the bisection to the same transition
  return transitionBetween(zone, wanted - zone.offset(instant) * MINUTE_MS, instant);
}

/**
 * The first instant in (before, after] with the offset `after` has, given that `before` has
 * another offset and one transition lies between: found by bisection, since luxon does not
 * expose a zone's transitions.
 */
export function transitionBetween(zone: IANAZone, before: number, after: number): number {
  const offsetAfter = zone.offset(after);
  let low = before;
  let high = after;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (zone.offset(middle) === offsetAfter) high = middle;
    else low = middle;
  }
  return high;
}
