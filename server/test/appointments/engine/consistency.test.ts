import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { availableSlots, checkStart, type Interval, type LocalSpan, type SlotRequest, type TechnicianSchedule } from '../../../src/modules/appointments/engine/index.js';

/** mulberry32: a small seeded generator, so a failure names the seed that reproduces it. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

const MINUTE = 60_000;
const hhmm = (minutes: number) => (minutes === 1440 ? '24:00' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);

/** Weeks that hold a clock change, or a +05:30 grid, or neither. */
const weeks = [
  { zone: 'America/New_York', monday: '2026-03-02' },
  { zone: 'America/New_York', monday: '2026-10-26' },
  { zone: 'Europe/London', monday: '2026-03-23' },
  { zone: 'Asia/Kolkata', monday: '2026-06-01' },
  { zone: 'Australia/Lord_Howe', monday: '2026-03-30' },
];

function randomRequest(seed: number): SlotRequest {
  const random = generator(seed);
  const { zone, monday } = weeks[seed % weeks.length]!;
  const weekStart = DateTime.fromISO(monday, { zone });
  const from = weekStart.toMillis();
  const to = weekStart.plus({ days: 7 }).toMillis();
  const randomSpans = (): LocalSpan[] =>
    Array.from({ length: random.int(1, 3) }, () => {
      const start = random.int(0, 1435 / 5) * 5;
      return { start: hhmm(start), end: hhmm(Math.min(1440, start + random.int(1, 100) * 5)) };
    });
  const randomIntervals = (count: number): Interval[] =>
    Array.from({ length: count }, () => {
      const start = from - 12 * 60 * MINUTE + random.int(0, 8 * 24 * 60) * MINUTE;
      return { start, end: start + random.int(1, 180) * MINUTE };
    });
  const technicians: TechnicianSchedule[] = ['t3', 't1', 't2'].map((id) => {
    const weekly: TechnicianSchedule['weekly'] = {};
    for (let day = 1; day <= 7; day++) if (random.next() < 0.8) weekly[day] = randomSpans();
    const overrides: TechnicianSchedule['overrides'] = {};
    for (let day = 0; day < 7; day++) if (random.next() < 0.2) overrides[weekStart.plus({ days: day }).toISODate()!] = randomSpans();
    return { technician_id: id, technician_name: id, weekly, overrides, timeOff: randomIntervals(random.int(0, 3)), busy: randomIntervals(random.int(0, 25)) };
  });
  return {
    timezone: zone,
    now: from + random.int(-24 * 60, 24 * 60) * MINUTE,
    from,
    to,
    durationMinutes: random.pick([15, 30, 45, 60, 90, 100]),
    bufferBeforeMinutes: random.pick([0, 0, 5, 15]),
    bufferAfterMinutes: random.pick([0, 10, 15]),
    intervalMinutes: random.pick([5, 10, 15, 20, 30, 45, 60]),
    minNoticeMinutes: random.pick([0, 30, 240]),
    horizonDays: random.pick([4, 30, 30]),
    technicians,
    roomBusy: random.next() < 0.5 ? null : randomIntervals(random.int(0, 15)),
  };
}

/**
 * Every candidate lies on a five-minute mark: spans and steps are multiples of five minutes and
 * every offset here a multiple of thirty. So every five-minute mark of the week is checked, and
 * a sample of other minutes stands for the rest (each check reads the zone a few dozen times, so
 * every minute of a week would take seconds per seed).
 */
function startsToCheck(request: SlotRequest, seed: number): number[] {
  const random = generator(seed * 7919);
  const starts: number[] = [];
  for (let start = request.from; start < request.to; start += 5 * MINUTE) starts.push(start);
  for (let i = 0; i < 200; i++) starts.push(request.from + random.int(0, 7 * 24 * 60 - 1) * MINUTE + random.pick([0, 0, 1, 59_999]));
  return starts;
}

describe('checkStart agrees with availableSlots', () => {
  it.each([1, 2, 3, 4, 5])('over a random week (seed %i)', (seed) => {
    const request = randomRequest(seed);
    const slots = availableSlots(request);
    const offered = new Set(slots.map((slot) => `${slot.start}/${slot.technician_id}`));
    expect(offered.size).toBe(slots.length);
    for (let i = 1; i < slots.length; i++) {
      const [a, b] = [slots[i - 1]!, slots[i]!];
      expect(a.start < b.start || (a.start === b.start && a.technician_id < b.technician_id)).toBe(true);
    }
    const disagreements: string[] = [];
    for (const start of startsToCheck(request, seed)) {
      for (const id of ['t1', 't2', 't3']) {
        const verdict = checkStart(request, start, id);
        if (verdict.ok !== offered.has(`${start}/${id}`)) disagreements.push(`${new Date(start).toISOString()} ${id} ${JSON.stringify(verdict)}`);
      }
    }
    expect(disagreements).toEqual([]);
    // The slots of part of the window are that part of the slots: nothing depends on the window.
    const middle = { from: request.from + 2 * 24 * 60 * MINUTE + 7 * MINUTE, to: request.from + 4 * 24 * 60 * MINUTE };
    expect(availableSlots({ ...request, ...middle })).toEqual(slots.filter((s) => s.start >= middle.from && s.start < middle.to));
  });
});
