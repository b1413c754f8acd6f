import { describe, expect, it } from 'vitest';
import { availableSlots, checkStart } from '../../../src/modules/appointments/engine/index.js';
import { dayRequest, everyDay, isoZ, local, span, startsOf, technician, wallTimeOf } from './fixtures.js';

const zone = 'Asia/Kolkata';
const date = '2026-03-10';
const kolkata = (hours: { start: string; end: string }, extra = {}) => dayRequest(zone, date, { technicians: [technician('t1', { weekly: everyDay(hours), ...extra })] });

describe('a grid aligned to the local clock', () => {
  it('in Asia/Kolkata (+05:30) offers 09:00, 09:15 … local, never :10 or :40', () => {
    const starts = startsOf(availableSlots(kolkata({ start: '09:00', end: '12:00' })));
    expect(starts.map((s) => wallTimeOf(zone, s))).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45', '11:00']);
    expect(starts.slice(0, 2).map(isoZ)).toEqual(['2026-03-10T03:30Z', '2026-03-10T03:45Z']);
  });

  it('refuses a start between the marks as off the grid', () => {
    const request = kolkata({ start: '09:00', end: '12:00' });
    expect(checkStart(request, local(zone, `${date}T09:10`), 't1')).toEqual({ ok: false, kind: 'rule', reason: 'off_grid' });
    expect(checkStart(request, local(zone, `${date}T09:15`), 't1')).toEqual({ ok: true });
  });

  it('rounds a span that starts between marks up to the next mark', () => {
    const starts = startsOf(availableSlots(kolkata({ start: '09:05', end: '11:00' })));
    expect(starts.map((s) => wallTimeOf(zone, s))).toEqual(['09:15', '09:30', '09:45', '10:00']);
  });

  it('re-aligns to the local clock after time off that ends between marks', () => {
    const request = kolkata({ start: '09:00', end: '13:00' }, { timeOff: [span(zone, `${date}T10:00`, `${date}T10:07`)] });
    const starts = startsOf(availableSlots(request));
    expect(starts.map((s) => wallTimeOf(zone, s))).toEqual(['09:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45', '12:00']);
  });

  it('takes touching spans of one date as one working span', () => {
    const request = dayRequest(zone, date, {
      technicians: [
        technician('t1', {
          weekly: {
            2: [
              { start: '12:00', end: '14:00' },
              { start: '09:00', end: '12:00' },
              { start: '10:00', end: '11:00' },
            ],
          },
        }),
      ],
    });
    const starts = startsOf(availableSlots(request));
    expect(starts.map((s) => wallTimeOf(zone, s))).toContain('11:30');
    expect(new Set(starts).size).toBe(starts.length);
    expect(starts).toHaveLength(17);
  });

  it('finds the first mark after a clock change that falls between a span start and the next mark', () => {
    const startsIn = (timezone: string, day: string, hours: { start: string; end: string }, minutes: number) =>
      startsOf(availableSlots(dayRequest(timezone, day, { intervalMinutes: minutes, durationMinutes: minutes, technicians: [technician('t1', { weekly: everyDay(hours) })] }))).map((s) =>
        wallTimeOf(timezone, s),
      );
    // New York skips 02:00–03:00: the next 45-minute mark after 01:50, 02:15, does not exist; 03:00 is one.
    expect(startsIn('America/New_York', '2026-03-08', { start: '01:50', end: '05:00' }, 45)).toEqual(['03:00', '03:45']);
    // Lord Howe turns 02:00 back to 01:30: the hour mark after 01:20 is the 02:00 that follows.
    expect(startsIn('Australia/Lord_Howe', '2026-04-05', { start: '01:20', end: '05:00' }, 60)).toEqual(['02:00', '03:00', '04:00']);
  });
});
