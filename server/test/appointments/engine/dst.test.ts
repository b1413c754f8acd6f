import { describe, expect, it } from 'vitest';
import { availableSlots, checkStart } from '../../../src/modules/appointments/engine/index.js';
import { dayRequest, everyDay, isoZ, local, startsOf, technician, wallTimeOf } from './fixtures.js';

/** 'HH:00', 'HH:30', … from one whole hour to another, both included. */
const halfHours = (fromHour: number, toHour: number) =>
  Array.from({ length: (toHour - fromHour) * 2 + 1 }, (_, i) => `${String(fromHour + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

const changeDays = [
  { zone: 'America/New_York', springForward: '2026-03-08', fallBack: '2026-11-01', ordinary: '2026-03-10' },
  { zone: 'Europe/London', springForward: '2026-03-29', fallBack: '2026-10-25', ordinary: '2026-03-31' },
];

const halfHourRequest = (zone: string, date: string, hours: { start: string; end: string }) =>
  dayRequest(zone, date, { intervalMinutes: 30, technicians: [technician('t1', { weekly: everyDay(hours) })] });
const startsOn = (zone: string, date: string, hours: { start: string; end: string }) => startsOf(availableSlots(halfHourRequest(zone, date, hours)));

function expectDistinctAndIncreasing(starts: number[]) {
  for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeGreaterThan(starts[i - 1]!);
}

describe.each(changeDays)('clock changes in $zone', ({ zone, springForward, fallBack, ordinary }) => {
  const nineToFive = { start: '09:00', end: '17:00' };

  it.each([springForward, fallBack, ordinary])('a 09:00–17:00 day on %s has the local starts 09:00 … 16:00, each once', (date) => {
    const starts = startsOn(zone, date, nineToFive);
    expect(starts.map((s) => wallTimeOf(zone, s))).toEqual(halfHours(9, 16));
    expectDistinctAndIncreasing(starts);
    for (const start of starts) expect(checkStart(halfHourRequest(zone, date, nineToFive), start, 't1')).toEqual({ ok: true });
  });

  it('a spring-forward night has one hour fewer of starts, none at a time the clocks skip', () => {
    const ordinaryStarts = startsOn(zone, ordinary, { start: '00:00', end: '04:00' });
    const starts = startsOn(zone, springForward, { start: '00:00', end: '04:00' });
    expect(starts).toHaveLength(ordinaryStarts.length - 2);
    expectDistinctAndIncreasing(starts);
    const skipped = zone === 'Europe/London' ? ['01:00', '01:30'] : ['02:00', '02:30'];
    for (const start of starts) expect(skipped).not.toContain(wallTimeOf(zone, start));
  });

  it('a fall-back night has one hour more of starts, all distinct instants', () => {
    const ordinaryStarts = startsOn(zone, ordinary, { start: '00:00', end: '04:00' });
    const starts = startsOn(zone, fallBack, { start: '00:00', end: '04:00' });
    expect(starts).toHaveLength(ordinaryStarts.length + 2);
    expectDistinctAndIncreasing(starts);
  });
});

describe('the exact instants', () => {
  it('13:00 local is 17:00Z in New York summer time and 18:00Z in winter time', () => {
    const nineToFive = { start: '09:00', end: '17:00' };
    expect(startsOn('America/New_York', '2026-03-08', nineToFive).map(isoZ)).toContain('2026-03-08T17:00Z');
    expect(startsOn('America/New_York', '2026-11-01', nineToFive).map(isoZ)).toContain('2026-11-01T18:00Z');
    expect(startsOn('America/New_York', '2026-03-07', nineToFive).map(isoZ)).toContain('2026-03-07T18:00Z');
  });

  it('13:00 local is 12:00Z in London summer time and 13:00Z in winter time', () => {
    const nineToFive = { start: '09:00', end: '17:00' };
    expect(startsOn('Europe/London', '2026-03-29', nineToFive).map(isoZ)).toContain('2026-03-29T12:00Z');
    expect(startsOn('Europe/London', '2026-10-25', nineToFive).map(isoZ)).toContain('2026-10-25T13:00Z');
  });

  it('New York nights of 00:00–04:00 on the change days', () => {
    const night = { start: '00:00', end: '04:00' };
    expect(startsOn('America/New_York', '2026-03-08', night).map(isoZ)).toEqual(['05:00', '05:30', '06:00', '06:30', '07:00'].map((t) => `2026-03-08T${t}Z`));
    expect(startsOn('America/New_York', '2026-11-01', night).map(isoZ)).toEqual(['04:00', '04:30', '05:00', '05:30', '06:00', '06:30', '07:00', '07:30', '08:00'].map((t) => `2026-11-01T${t}Z`));
    expect(startsOn('America/New_York', '2026-11-01', night).map((s) => wallTimeOf('America/New_York', s))).toEqual(['00:00', '00:30', '01:00', '01:30', '01:00', '01:30', '02:00', '02:30', '03:00']);
  });

  it('London nights of 00:00–04:00 on the change days', () => {
    const night = { start: '00:00', end: '04:00' };
    expect(startsOn('Europe/London', '2026-03-29', night).map(isoZ)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00'].map((t) => `2026-03-29T${t}Z`));
    expect(startsOn('Europe/London', '2026-10-25', night).map(isoZ)).toEqual([
      '2026-10-24T23:00Z',
      '2026-10-24T23:30Z',
      ...['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00'].map((t) => `2026-10-25T${t}Z`),
    ]);
  });

  it('a span starting in the spring-forward gap starts when the clocks jump, and one ending in it ends there', () => {
    const zone = 'America/New_York';
    const startsInGap = startsOn(zone, '2026-03-08', { start: '02:30', end: '05:00' });
    expect(startsInGap.map((s) => wallTimeOf(zone, s))).toEqual(['03:00', '03:30', '04:00']);
    const endsInGap = startsOn(zone, '2026-03-08', { start: '00:00', end: '02:30' });
    expect(endsInGap.map((s) => wallTimeOf(zone, s))).toEqual(['00:00', '00:30', '01:00']);
    expect(startsOn(zone, '2026-03-08', { start: '02:00', end: '02:45' })).toEqual([]);
  });

  it('a step that does not divide the clock change keeps absolute steps inside the span, as decided', () => {
    const zone = 'America/New_York';
    const request = dayRequest(zone, '2026-03-08', { intervalMinutes: 45, durationMinutes: 45, technicians: [technician('t1', { weekly: everyDay({ start: '00:00', end: '05:00' }) })] });
    const starts = startsOf(availableSlots(request));
    expect(starts.map((s) => wallTimeOf(zone, s))).toEqual(['00:00', '00:45', '01:30', '03:15', '04:00']);
    expect(checkStart(request, local(zone, '2026-03-08T03:00'), 't1')).toEqual({ ok: false, kind: 'rule', reason: 'off_grid' });
  });
});
