import { describe, expect, it } from 'vitest';
import { availableSlots, checkStart, type SlotRequest } from '../../../src/modules/appointments/engine/index.js';
import { dayRequest, local, span, technician, wallTimeOf } from './fixtures.js';

const zone = 'America/Chicago';
const date = '2026-06-09';
const tue = (time: string) => local(zone, `${date}T${time}`);
const block = (from: string, to: string) => span(zone, `${date}T${from}`, `${date}T${to}`);
const request = (extra: Partial<SlotRequest> = {}) => dayRequest(zone, date, extra);
const localStarts = (r: SlotRequest, technicianId = 't1') =>
  availableSlots(r)
    .filter((s) => s.technician_id === technicianId)
    .map((s) => wallTimeOf(zone, s.start));

describe('technician conflicts', () => {
  it('allows back-to-back bookings on both sides when there are no buffers', () => {
    const r = request({ technicians: [technician('t1', { busy: [block('09:00', '10:00'), block('11:00', '12:00')] })] });
    const starts = localStarts(r);
    expect(starts).toContain('10:00');
    expect(starts).not.toContain('09:45');
    expect(starts).not.toContain('10:15');
    expect(starts).toContain('12:00');
    expect(checkStart(r, tue('09:45'), 't1')).toEqual({ ok: false, kind: 'conflict', with: 'technician' });
  });

  it("respects this service's buffers against busy blocks that carry their own", () => {
    // A 08:45 booking with buffer_after 15 is busy until 10:00; one at 14:15 with buffer_before 15 from 14:00.
    const r = request({ bufferBeforeMinutes: 15, bufferAfterMinutes: 15, technicians: [technician('t1', { busy: [block('08:45', '10:00'), block('14:00', '15:15')] })] });
    const starts = localStarts(r);
    expect(starts).not.toContain('10:00');
    expect(starts).toContain('10:15');
    expect(starts).toContain('12:45');
    expect(starts).not.toContain('13:00');
    expect(starts).not.toContain('15:15');
    expect(starts).toContain('15:30');
    expect(checkStart(r, tue('10:00'), 't1')).toEqual({ ok: false, kind: 'conflict', with: 'technician' });
  });

  it('lets buffers reach outside working hours', () => {
    const starts = localStarts(request({ bufferBeforeMinutes: 30, bufferAfterMinutes: 30 }));
    expect(starts[0]).toBe('09:00');
    expect(starts.at(-1)).toBe('16:00');
  });
});

describe('room conflicts', () => {
  const two = [technician('t1', { weekly: { 2: [{ start: '09:00', end: '17:00' }] } }), technician('t2', { weekly: { 2: [{ start: '09:00', end: '17:00' }] } })];

  it('gives no slot to either technician while the room is taken', () => {
    const r = request({ technicians: two, roomBusy: [block('10:00', '11:00')] });
    for (const id of ['t1', 't2']) {
      const starts = localStarts(r, id);
      expect(starts).not.toContain('10:00');
      expect(starts).not.toContain('09:15');
      expect(starts).toContain('09:00');
      expect(starts).toContain('11:00');
      expect(checkStart(r, tue('10:00'), id)).toEqual({ ok: false, kind: 'conflict', with: 'room' });
    }
  });

  it('ignores the room when the service needs none, and reports the technician before the room', () => {
    expect(localStarts(request({ technicians: two, roomBusy: null }), 't2')).toContain('10:00');
    expect(localStarts(request({ technicians: two, roomBusy: [] }), 't2')).toContain('10:00');
    const both = request({ technicians: [technician('t1', { busy: [block('10:00', '11:00')] })], roomBusy: [block('10:00', '11:00')] });
    expect(checkStart(both, tue('10:00'), 't1')).toEqual({ ok: false, kind: 'conflict', with: 'technician' });
  });
});
