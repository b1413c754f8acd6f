import type { IANAZone } from 'luxon';
import { firstOnGrid, type GridSpan } from './grid.js';
import { IntervalSet } from './intervals.js';
import { DAY_MS, localInstant, locationZone, MINUTE_MS } from './local-time.js';
import type { SlotRequest, TechnicianSchedule } from './types.js';
import { workingTime } from './working-time.js';

/** A request's numbers in milliseconds and its room bookings indexed, read once per call. */
export interface EngineContext {
  zone: IANAZone;
  now: number;
  earliestStart: number;
  latestStart: number;
  durationMs: number;
  bufferBeforeMs: number;
  bufferAfterMs: number;
  stepMs: number;
  roomBusy: IntervalSet | null;
  /** `localInstant` in the zone, remembered: technicians mostly share their hours. */
  instantOf(date: string, time: string): number;
  /** `firstOnGrid` with the request's step, remembered likewise. */
  gridStartFrom(instant: number): number;
}

/** One technician's working time on a grid, and bookings, for the dates being looked at. */
export interface TechnicianCalendar {
  spans: GridSpan[];
  busy: IntervalSet;
}

export function engineContext(request: SlotRequest): EngineContext {
  // A zero step or duration would loop forever or offer empty slots: a caller's bug, said loudly.
  if (!(request.intervalMinutes > 0)) throw new RangeError(`intervalMinutes must be positive, got ${request.intervalMinutes}`);
  if (!(request.durationMinutes > 0)) throw new RangeError(`durationMinutes must be positive, got ${request.durationMinutes}`);
  const zone = locationZone(request.timezone);
  const stepMs = request.intervalMinutes * MINUTE_MS;
  return {
    zone,
    now: request.now,
    earliestStart: request.now + request.minNoticeMinutes * MINUTE_MS,
    latestStart: request.now + request.horizonDays * DAY_MS,
    durationMs: request.durationMinutes * MINUTE_MS,
    bufferBeforeMs: request.bufferBeforeMinutes * MINUTE_MS,
    bufferAfterMs: request.bufferAfterMinutes * MINUTE_MS,
    stepMs,
    roomBusy: request.roomBusy && new IntervalSet(request.roomBusy),
    instantOf: remembered(
      (date: string, time: string) => localInstant(zone, date, time),
      (date, time) => `${date}T${time}`,
    ),
    gridStartFrom: remembered(
      (instant: number) => firstOnGrid(zone, instant, stepMs),
      (instant) => instant,
    ),
  };
}

export function technicianCalendar(context: EngineContext, schedule: TechnicianSchedule, dates: readonly string[]): TechnicianCalendar {
  const working = workingTime(schedule, dates, new IntervalSet(schedule.timeOff), context.instantOf);
  return {
    spans: working.map((interval) => ({ ...interval, gridStart: context.gridStartFrom(interval.start) })),
    busy: new IntervalSet(schedule.busy),
  };
}

function remembered<A extends unknown[], K>(compute: (...args: A) => number, key: (...args: A) => K): (...args: A) => number {
  const answers = new Map<K, number>();
  return (...args) => {
    const k = key(...args);
    let answer = answers.get(k);
    if (answer === undefined) answers.set(k, (answer = compute(...args)));
    return answer;
  };
}
