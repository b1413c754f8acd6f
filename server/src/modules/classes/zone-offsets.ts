import { IANAZone } from 'luxon';

const minute = 60_000;
const hour = 60 * minute;
/** Wider than any UTC offset (±14 h): every instant a wall-clock time may name lies within it. */
const offsetReach = 15 * hour;
/**
 * How often a year's offsets are read. A change is then found to the millisecond by halving; two
 * changes within one step that cancel out would be missed, and no zone's rules have any.
 */
const sampleEvery = 6 * hour;
/** Zone-years kept; a process sees few zones and years, this only bounds a hostile caller. */
const cachedYears = 4096;

interface YearOffsets {
  /** The offset (ms) at the year's first instant, UTC. */
  first: number;
  /** Every change within the year, in order: from `at` (UTC ms) the offset is `after`. */
  changes: { at: number; before: number; after: number }[];
}

/**
 * Offsets of a zone, read through Intl once per zone and UTC year and kept for the process (a
 * zone's rules do not change while it runs). Reading Intl costs about 15 µs; a five-year daily
 * series reads each day's offset here in well under one, where a Luxon DateTime per class cost
 * about 120 µs and most of an import's memory.
 */
const years = new Map<string, YearOffsets>();

function yearOffsets(zone: string, year: number): YearOffsets {
  const key = `${zone}|${year}`;
  let found = years.get(key);
  if (found) return found;
  const iana = IANAZone.create(zone);
  const read = (at: number) => iana.offset(at) * minute;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1) - 1;
  const first = read(start);
  const changes: YearOffsets['changes'] = [];
  let from = start;
  let current = first;
  for (let at = start; at < end;) {
    const next = Math.min(at + sampleEvery, end);
    // Every change in (at, next]: halve down to the millisecond, then look on from it.
    while (read(next) !== current) {
      let low = from;
      let high = next;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (read(middle) === current) low = middle;
        else high = middle;
      }
      const after = read(high);
      changes.push({ at: high, before: current, after });
      from = high;
      current = after;
    }
    at = next;
    from = next;
  }
  found = { first, changes };
  if (years.size >= cachedYears) years.clear();
  years.set(key, found);
  return found;
}

/** The zone's offset (ms, added to UTC) at an instant. */
export function offsetAt(zone: string, at: number): number {
  const { first, changes } = yearOffsets(zone, new Date(at).getUTCFullYear());
  let offset = first;
  for (const change of changes) {
    if (change.at > at) break;
    offset = change.after;
  }
  return offset;
}

/** Changes of the zone's offset in [from, to]. */
function changesWithin(zone: string, from: number, to: number): YearOffsets['changes'] {
  const found: YearOffsets['changes'] = [];
  for (let year = new Date(from).getUTCFullYear(); year <= new Date(to).getUTCFullYear(); year++) {
    for (const change of yearOffsets(zone, year).changes) if (change.at >= from && change.at <= to) found.push(change);
  }
  return found;
}

/**
 * The UTC instant of a wall-clock time in a zone. `wallClock` is the local date and time written as
 * if it were UTC (Date.UTC of its fields). A time the clocks pass twice (autumn) is its first,
 * earlier instant; a time they skip (spring) moves forward by the gap, as the clocks do, and
 * `skipped` says so.
 */
export function wallClockToUtc(zone: string, wallClock: number): { utc: number; skipped: boolean } {
  const changes = changesWithin(zone, wallClock - offsetReach, wallClock + offsetReach);
  if (changes.length === 0) return { utc: wallClock - offsetAt(zone, wallClock), skipped: false };
  const offsets = new Set([changes[0]!.before, ...changes.map((change) => change.after)]);
  // Each offset in effect near that time whose instant really shows that wall clock; the largest offset is the earliest instant.
  const fitting = [...offsets].filter((offset) => offsetAt(zone, wallClock - offset) === offset);
  if (fitting.length) return { utc: wallClock - Math.max(...fitting), skipped: false };
  const gap = changes.find((change) => change.after > change.before && wallClock >= change.at + change.before && wallClock < change.at + change.after);
  const before = gap?.before ?? offsetAt(zone, wallClock);
  return { utc: wallClock - before, skipped: true };
}
