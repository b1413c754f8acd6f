import { describe, expect, it } from 'vitest';
import { availableSlots, checkStart } from '../../../src/modules/appointments/engine/index.js';
import { dayRequest, local, technician, wallTimeOf } from './fixtures.js';

const zone = 'Asia/Tokyo';
const date = '2026-06-10'; // a Wednesday
const at = (time: string) => local(zone, `${date}T${time}`);
const wednesday = (start: string, end: string) => ({ 3: [{ start, end }] });

describe('slot order and duplicates', () => {
  it('orders the technicians of one start by id in code-unit order, whatever order they were given in', () => {
    const ids = ['t2', 'T9', 't10', 'a', 't1', 'B', 'b'];
    const expected = ['B', 'T9', 'a', 'b', 't1', 't10', 't2'];
    for (const order of [ids, [...ids].reverse(), [...ids.slice(3), ...ids.slice(0, 3)]]) {
      const slots = availableSlots(dayRequest(zone, date, { technicians: order.map((id) => technician(id, { weekly: wednesday('09:00', '10:00') })) }));
      expect(slots.map((slot) => slot.technician_id)).toEqual(expected);
      expect(new Set(slots.map((slot) => wallTimeOf(zone, slot.start)))).toEqual(new Set(['09:00']));
    }
  });

  it('orders by start before id', () => {
    const slots = availableSlots(dayRequest(zone, date, { technicians: [technician('a', { weekly: wednesday('10:00', '11:00') }), technician('b', { weekly: wednesday('09:00', '10:00') })] }));
    expect(slots.map((slot) => [wallTimeOf(zone, slot.start), slot.technician_id])).toEqual([
      ['09:00', 'b'],
      ['10:00', 'a'],
    ]);
  });

  it('a technician listed twice counts by its first entry, in the list and in checkStart', () => {
    const first = technician('t1', { technician_name: 'First', weekly: wednesday('09:00', '10:00') });
    const second = technician('t1', { technician_name: 'Second', weekly: wednesday('14:00', '15:00') });
    const request = dayRequest(zone, date, { technicians: [first, second] });
    expect(availableSlots(request)).toEqual([{ start: at('09:00'), end: at('10:00'), technician_id: 't1', technician_name: 'First' }]);
    expect(checkStart(request, at('09:00'), 't1')).toEqual({ ok: true });
    expect(checkStart(request, at('14:00'), 't1')).toEqual({ ok: false, kind: 'rule', reason: 'outside_hours' });
  });
});
