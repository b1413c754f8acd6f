import { describe, expect, it } from 'vitest';
import { availableSlots, checkStart, type SlotRequest } from '../../../src/modules/appointments/engine/index.js';
import { dayRequest, local, span, startsOf, technician, wallTimeOf } from './fixtures.js';

const zone = 'Europe/Berlin';
const tuesday = '2026-06-09';
const at = (wallTime: string) => local(zone, wallTime);
const tue = (time: string) => at(`${tuesday}T${time}`);
const request = (extra: Partial<SlotRequest> = {}) => dayRequest(zone, tuesday, { technicians: [technician('t1')], ...extra });
const rule = (reason: string) => ({ ok: false, kind: 'rule', reason });
const localStarts = (r: SlotRequest) => startsOf(availableSlots(r)).map((s) => wallTimeOf(zone, s));

describe('working hours', () => {
  it('offers a slot ending exactly at closing, and not one ending a minute after', () => {
    expect(localStarts(request()).at(-1)).toBe('16:00');
    expect(localStarts(request({ durationMinutes: 61 })).at(-1)).toBe('15:45');
    const everyMinute = request({ intervalMinutes: 1 });
    expect(checkStart(everyMinute, tue('16:00'), 't1')).toEqual({ ok: true });
    expect(checkStart(everyMinute, tue('16:01'), 't1')).toEqual(rule('outside_hours'));
  });

  it('refuses a start before opening, after closing or on a day off as outside hours', () => {
    expect(checkStart(request(), tue('08:45'), 't1')).toEqual(rule('outside_hours'));
    expect(checkStart(request(), tue('17:00'), 't1')).toEqual(rule('outside_hours'));
    expect(checkStart(request(), at('2026-06-13T10:00'), 't1')).toEqual(rule('outside_hours'));
  });

  it('says outside hours, not off grid, for an off-grid start outside working time', () => {
    expect(checkStart(request(), tue('10:05'), 't1')).toEqual(rule('off_grid'));
    expect(checkStart(request(), tue('18:05'), 't1')).toEqual(rule('outside_hours'));
  });

  it('removes time off from working time', () => {
    const r = request({ technicians: [technician('t1', { timeOff: [span(zone, `${tuesday}T12:00`, `${tuesday}T13:00`)] })] });
    const starts = localStarts(r);
    expect(starts).toContain('11:00');
    expect(starts).not.toContain('11:15');
    expect(starts).not.toContain('12:45');
    expect(starts).toContain('13:00');
    expect(checkStart(r, tue('11:15'), 't1')).toEqual(rule('outside_hours'));
  });

  it('removes whole days of a vacation', () => {
    const r = request({ technicians: [technician('t1', { timeOff: [span(zone, '2026-06-08T00:00', '2026-06-12T00:00')] })] });
    expect(availableSlots(r)).toEqual([]);
  });

  it('opens a normal day off with an override, and closes a normal working day with an empty one', () => {
    const sunday = '2026-06-14';
    const monday = '2026-06-15';
    const t1 = technician('t1', { overrides: { [sunday]: [{ start: '10:00', end: '14:00' }], [monday]: [] } });
    const week = { ...request({ technicians: [t1] }), from: at('2026-06-14T00:00'), to: at('2026-06-17T00:00') };
    const slots = availableSlots(week);
    const byDate = (date: string) => slots.filter((s) => new Date(s.start).toISOString().startsWith(date)).map((s) => wallTimeOf(zone, s.start));
    expect(byDate(sunday)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30', '12:45', '13:00']);
    expect(byDate(monday)).toEqual([]);
    expect(byDate('2026-06-16')).toHaveLength(29);
    expect(checkStart(week, at(`${monday}T10:00`), 't1')).toEqual(rule('outside_hours'));
  });
});

describe('now, notice and horizon', () => {
  const now = tue('09:00');

  it('refuses starts in the past, then inside the minimum notice', () => {
    const r = request({ now, minNoticeMinutes: 120 });
    expect(localStarts(r)[0]).toBe('11:00');
    expect(checkStart(r, tue('08:45'), 't1')).toEqual(rule('in_the_past'));
    expect(checkStart(r, tue('09:00'), 't1')).toEqual(rule('minimum_notice'));
    expect(checkStart(r, tue('10:45'), 't1')).toEqual(rule('minimum_notice'));
    expect(checkStart(r, tue('11:00'), 't1')).toEqual({ ok: true });
  });

  it('checks the past before working hours and the grid', () => {
    expect(checkStart(request({ now }), tue('07:03'), 't1')).toEqual(rule('in_the_past'));
    expect(checkStart(request({ now, minNoticeMinutes: 600 }), tue('18:05'), 't1')).toEqual(rule('minimum_notice'));
  });

  it('offers a start exactly at the horizon and none after it', () => {
    const r = { ...request({ now, horizonDays: 1 }), to: at('2026-06-11T00:00') };
    expect(localStarts(r).filter((_, i, all) => i === all.length - 1)).toEqual(['09:00']);
    expect(checkStart(r, at('2026-06-10T09:00'), 't1')).toEqual({ ok: true });
    expect(checkStart(r, at('2026-06-10T09:15'), 't1')).toEqual(rule('beyond_horizon'));
    expect(checkStart(r, at('2026-06-10T20:00'), 't1')).toEqual(rule('beyond_horizon'));
  });
});

describe('the request', () => {
  it('answers outside hours for an unknown technician, after the time rules', () => {
    expect(checkStart(request(), tue('10:00'), 'nobody')).toEqual(rule('outside_hours'));
    expect(checkStart(request({ now: tue('12:00') }), tue('10:00'), 'nobody')).toEqual(rule('in_the_past'));
  });

  it('sorts by start, then technician id, one slot per technician per start', () => {
    const slots = availableSlots(request({ technicians: [technician('t2'), technician('t1'), technician('t1')] }));
    expect(slots.slice(0, 3).map((s) => [wallTimeOf(zone, s.start), s.technician_id])).toEqual([
      ['09:00', 't1'],
      ['09:00', 't2'],
      ['09:15', 't1'],
    ]);
    expect(slots).toHaveLength(2 * 29);
    expect(slots[0]).toEqual({ start: tue('09:00'), end: tue('10:00'), technician_id: 't1', technician_name: 'Tech t1' });
  });

  it('offers only starts inside [from, to)', () => {
    const r = { ...request(), from: tue('10:00'), to: tue('11:00') };
    expect(localStarts(r)).toEqual(['10:00', '10:15', '10:30', '10:45']);
    expect(availableSlots({ ...r, to: r.from })).toEqual([]);
  });

  it('throws on a step or duration that is not positive and on an unknown zone', () => {
    expect(() => availableSlots(request({ intervalMinutes: 0 }))).toThrow(RangeError);
    expect(() => availableSlots(request({ durationMinutes: 0 }))).toThrow(RangeError);
    expect(() => checkStart(request({ timezone: 'Mars/Olympus' }), tue('10:00'), 't1')).toThrow(RangeError);
  });
});
