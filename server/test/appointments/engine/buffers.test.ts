import { describe, expect, it } from 'vitest';
import { availableSlots, checkStart, type SlotRequest } from '../../../src/modules/appointments/engine/index.js';
import { dayRequest, local, span, technician, wallTimeOf } from './fixtures.js';

// Buffers of 7 and 11 minutes on a 1-minute grid: every edge falls off the 15-minute grid, so a
// buffer read as the other one, rounded to the grid, or off by a minute shows.
const zone = 'Europe/Madrid';
const date = '2026-06-10';
const at = (time: string) => local(zone, `${date}T${time}`);
const block = (from: string, to: string) => span(zone, `${date}T${from}`, `${date}T${to}`);
const request = (extra: Partial<SlotRequest>) => dayRequest(zone, date, { durationMinutes: 30, intervalMinutes: 1, bufferBeforeMinutes: 7, bufferAfterMinutes: 11, ...extra });

describe('buffers, to the minute', () => {
  const busy = request({ technicians: [technician('t1', { busy: [block('12:00', '12:30')] })] });

  it.each([
    ['11:19', { ok: true }], // 11:12 … 12:00 ends where the busy block starts
    ['11:20', { ok: false, kind: 'conflict', with: 'technician' }],
    ['12:36', { ok: false, kind: 'conflict', with: 'technician' }],
    ['12:37', { ok: true }], // 12:30 … 13:18 starts where the busy block ends
  ])('a 30-minute slot at %s with 7 before and 11 after', (time, verdict) => {
    expect(checkStart(busy, at(time), 't1')).toEqual(verdict);
  });

  it('the slot list has the same edges', () => {
    const starts = availableSlots(busy).map((slot) => wallTimeOf(zone, slot.start));
    expect(starts).toContain('11:19');
    expect(starts).not.toContain('11:20');
    expect(starts).not.toContain('12:36');
    expect(starts).toContain('12:37');
    expect(starts.filter((time) => time >= '11:19' && time <= '12:37')).toEqual(['11:19', '12:37']);
  });

  it('the room is checked with the same widened block', () => {
    const room = request({ roomBusy: [block('12:00', '12:30')] });
    expect(checkStart(room, at('11:19'), 't1')).toEqual({ ok: true });
    expect(checkStart(room, at('11:20'), 't1')).toEqual({ ok: false, kind: 'conflict', with: 'room' });
    expect(checkStart(room, at('12:36'), 't1')).toEqual({ ok: false, kind: 'conflict', with: 'room' });
    expect(checkStart(room, at('12:37'), 't1')).toEqual({ ok: true });
  });

  it('without buffers the slot itself is what must be free', () => {
    const bare = request({ bufferBeforeMinutes: 0, bufferAfterMinutes: 0, technicians: [technician('t1', { busy: [block('12:00', '12:30')] })] });
    expect(checkStart(bare, at('11:30'), 't1')).toEqual({ ok: true });
    expect(checkStart(bare, at('11:31'), 't1')).toEqual({ ok: false, kind: 'conflict', with: 'technician' });
    expect(checkStart(bare, at('12:29'), 't1')).toEqual({ ok: false, kind: 'conflict', with: 'technician' });
    expect(checkStart(bare, at('12:30'), 't1')).toEqual({ ok: true });
  });

  it('buffers never count against working hours: a slot may start at opening and end at closing', () => {
    const day = request({ technicians: [technician('t1', { weekly: { 3: [{ start: '09:07', end: '17:13' }] } })] });
    const starts = availableSlots(day).map((slot) => wallTimeOf(zone, slot.start));
    expect(starts[0]).toBe('09:07');
    expect(starts.at(-1)).toBe('16:43');
    expect(starts).toHaveLength(16 * 60 + 43 - (9 * 60 + 7) + 1);
  });
});
