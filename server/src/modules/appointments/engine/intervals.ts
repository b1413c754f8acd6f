import type { Interval } from './types.js';

/** The intervals sorted by start, empty ones dropped, overlapping and touching ones merged. */
export function normalise(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((interval) => interval.start < interval.end).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}

/**
 * Index of the first interval ending after `instant` in intervals that are sorted and disjoint
 * (so their ends are sorted too); `sorted.length` when there is none.
 */
function firstEndingAfter(sorted: readonly Interval[], instant: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.end > instant) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The one interval of sorted, disjoint intervals that holds all of `block`, if any. */
export function findContaining<T extends Interval>(sorted: readonly T[], block: Interval): T | undefined {
  const candidate = sorted[firstEndingAfter(sorted, block.start)];
  return candidate && candidate.start <= block.start && block.end <= candidate.end ? candidate : undefined;
}

/** Busy times or time off: answers overlap and subtraction by binary search, not by scanning. */
export class IntervalSet {
  private readonly sorted: Interval[];

  constructor(intervals: readonly Interval[]) {
    this.sorted = normalise(intervals);
  }

  /** Whether `block` shares an instant with any interval (half-open: touching is no overlap). */
  overlaps(block: Interval): boolean {
    const next = this.sorted[firstEndingAfter(this.sorted, block.start)];
    return next !== undefined && next.start < block.end;
  }

  /** What remains of `interval` outside every interval of the set. */
  subtractFrom(interval: Interval): Interval[] {
    const remains: Interval[] = [];
    let cursor = interval.start;
    for (let i = firstEndingAfter(this.sorted, interval.start); i < this.sorted.length; i++) {
      const taken = this.sorted[i]!;
      if (taken.start >= interval.end) break;
      if (taken.start > cursor) remains.push({ start: cursor, end: taken.start });
      cursor = Math.max(cursor, taken.end);
    }
    if (cursor < interval.end) remains.push({ start: cursor, end: interval.end });
    return remains;
  }
}
