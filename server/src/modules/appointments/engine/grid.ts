import type { IANAZone } from 'luxon';
import { DAY_MS, MINUTE_MS, transitionBetween } from './local-time.js';
import type { Interval } from './types.js';

/** A stretch of working time with the first start of its grid. */
export interface GridSpan extends Interval {
  gridStart: number;
}

/**
 * The first instant at or after `instant` whose local wall-clock time is a whole number of steps
 * after local midnight. Adding the distance to the next mark in absolute time is right unless a
 * clock change lies in between; then no mark is reached before the change (it was the first), so
 * the search starts again from the change.
 */
export function firstOnGrid(zone: IANAZone, instant: number, stepMs: number): number {
  let at = instant;
  for (;;) {
    const offset = zone.offset(at);
    const sinceMidnight = (((at + offset * MINUTE_MS) % DAY_MS) + DAY_MS) % DAY_MS;
    // The marks restart at midnight when the step does not divide a day.
    const mark = Math.min(Math.ceil(sinceMidnight / stepMs) * stepMs, DAY_MS);
    const candidate = at + (mark - sinceMidnight);
    if (zone.offset(candidate) === offset) return candidate;
    at = transitionBetween(zone, at, candidate);
  }
}

/** Candidate starts step in absolute time, so a clock change inside a span adds no phantom or duplicate. */
export function* gridStarts(span: GridSpan, durationMs: number, stepMs: number): Generator<number> {
  for (let start = span.gridStart; start + durationMs <= span.end; start += stepMs) yield start;
}

export function isOnGrid(span: GridSpan, start: number, stepMs: number): boolean {
  return start >= span.gridStart && (start - span.gridStart) % stepMs === 0;
}
