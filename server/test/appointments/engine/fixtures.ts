import { DateTime } from 'luxon';
import type { Interval, LocalSpan, Slot, SlotRequest, TechnicianSchedule } from '../../../src/modules/appointments/engine/index.js';

export const weekdays = (span: LocalSpan): TechnicianSchedule['weekly'] => ({ 1: [span], 2: [span], 3: [span], 4: [span], 5: [span] });
export const everyDay = (span: LocalSpan): TechnicianSchedule['weekly'] => ({ ...weekdays(span), 6: [span], 7: [span] });

export function technician(id: string, overrides: Partial<TechnicianSchedule> = {}): TechnicianSchedule {
  return { technician_id: id, technician_name: `Tech ${id}`, weekly: weekdays({ start: '09:00', end: '17:00' }), overrides: {}, timeOff: [], busy: [], ...overrides };
}

/** An instant from a local wall time 'YYYY-MM-DDTHH:MM' in a zone, as luxon reads it. */
export const local = (zone: string, wallTime: string): number => DateTime.fromISO(wallTime, { zone }).toMillis();
export const utc = (iso: string): number => Date.parse(iso);
export const isoZ = (instant: number): string => new Date(instant).toISOString().replace(':00.000Z', 'Z');
export const wallTimeOf = (zone: string, instant: number): string => DateTime.fromMillis(instant, { zone }).toFormat('HH:mm');
export const span = (zone: string, from: string, to: string): Interval => ({ start: local(zone, from), end: local(zone, to) });

/** A request for one local date's slots (the window is that whole local day). */
export function dayRequest(zone: string, date: string, overrides: Partial<SlotRequest> = {}): SlotRequest {
  const from = DateTime.fromISO(date, { zone });
  return {
    timezone: zone,
    now: from.minus({ days: 30 }).toMillis(),
    from: from.toMillis(),
    to: from.plus({ days: 1 }).toMillis(),
    durationMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    intervalMinutes: 15,
    minNoticeMinutes: 0,
    horizonDays: 365,
    technicians: [technician('t1', { weekly: everyDay({ start: '09:00', end: '17:00' }) })],
    roomBusy: null,
    ...overrides,
  };
}

export const startsOf = (slots: Slot[], technicianId = 't1'): number[] => slots.filter((s) => s.technician_id === technicianId).map((s) => s.start);
