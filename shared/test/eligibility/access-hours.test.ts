import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { decide, weekdayNames, type AccessHours } from '../../src/eligibility/index.js';
import { facts, rules } from './facts.js';

/** The instant a local wall time `YYYY-MM-DDTHH:mm` names in a zone (injected clock, no machine time). */
const localInstant = (zone: string, wallTime: string): Date => DateTime.fromISO(wallTime, { zone }).toJSDate();
const allowed = (hours: AccessHours, zone: string, wallTime: string): boolean =>
  !decide(facts(), rules({ timezone: zone, access_hours: hours }), localInstant(zone, wallTime)).reasons.includes('outside_access_hours');

// 2026-06-08 is a Monday: the week's local dates in weekday order.
const week = ['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12', '2026-06-13', '2026-06-14'];

describe('access hours', () => {
  it('without access hours every minute is open', () => {
    expect(decide(facts(), rules(), localInstant('UTC', '2026-06-14T03:17')).reasons).toEqual([]);
  });

  it('refuses with outside_access_hours alone and as the decision reason', () => {
    const decision = decide(facts(), rules({ access_hours: {} }), localInstant('UTC', '2026-06-10T12:00'));
    expect(decision).toEqual({ valid: false, reason: 'outside_access_hours', reasons: ['outside_access_hours'], warnings: [], visits_remaining: null });
  });

  for (const [index, open] of weekdayNames.entries()) {
    it(`open on ${open} only: that local weekday is open, every other one closed`, () => {
      for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kathmandu']) {
        const hours: AccessHours = { [open]: [{ start: '00:00', end: '24:00' }] };
        const openDays = week.map((date) => allowed(hours, zone, `${date}T12:00`));
        expect(openDays).toEqual(week.map((_, day) => day === index));
      }
    });
  }

  it.each([
    ['08:59', false],
    ['09:29', false],
    ['09:30', true],
    ['09:31', true],
    ['12:00', true],
    ['17:44', true],
    ['17:45', false],
    ['17:46', false],
    ['23:59', false],
  ])('open 09:30-17:45: %s is open=%s', (time, open) => {
    const hours: AccessHours = { wednesday: [{ start: '09:30', end: '17:45' }] };
    expect(allowed(hours, 'Europe/Paris', `2026-06-10T${time}`)).toBe(open);
  });

  it('an open minute is open for all of its seconds, and its end minute is not', () => {
    const hours: AccessHours = { wednesday: [{ start: '09:30', end: '17:45' }] };
    const zone = 'Europe/Paris';
    const instant = (wallTime: string) => localInstant(zone, wallTime);
    const openAt = (date: Date) => !decide(facts(), rules({ timezone: zone, access_hours: hours }), date).reasons.length;
    expect(openAt(new Date(instant('2026-06-10T09:30').getTime() - 1))).toBe(false);
    expect(openAt(instant('2026-06-10T09:30:59.999'))).toBe(true);
    expect(openAt(instant('2026-06-10T17:44:59.999'))).toBe(true);
    expect(openAt(instant('2026-06-10T17:45'))).toBe(false);
  });

  it('several spans on a day: open in each, closed between them', () => {
    const hours: AccessHours = {
      tuesday: [
        { start: '06:00', end: '10:00' },
        { start: '16:00', end: '22:00' },
      ],
    };
    const table = { '05:59': false, '06:00': true, '09:59': true, '10:00': false, '15:59': false, '16:00': true, '21:59': true, '22:00': false };
    for (const [time, open] of Object.entries(table)) expect([time, allowed(hours, 'UTC', `2026-06-09T${time}`)]).toEqual([time, open]);
  });

  it('an end of 24:00 keeps the last minute of the day open, and midnight belongs to the next day', () => {
    const hours: AccessHours = { friday: [{ start: '22:00', end: '24:00' }], saturday: [{ start: '00:00', end: '01:00' }] };
    expect(allowed(hours, 'UTC', '2026-06-12T21:59')).toBe(false);
    expect(allowed(hours, 'UTC', '2026-06-12T23:59')).toBe(true);
    expect(allowed(hours, 'UTC', '2026-06-13T00:00')).toBe(true);
    expect(allowed(hours, 'UTC', '2026-06-13T01:00')).toBe(false);
    expect(allowed({ friday: [{ start: '22:00', end: '24:00' }] }, 'UTC', '2026-06-13T00:00')).toBe(false);
  });

  it('reads the weekday and minute in the location zone', () => {
    // 2026-06-10T02:30Z: Tuesday 22:30 in New York, Wednesday 08:00 in Kolkata, Wednesday 02:30 in UTC.
    const instant = new Date('2026-06-10T02:30:00.000Z');
    const hours: AccessHours = { tuesday: [{ start: '22:00', end: '23:00' }], wednesday: [{ start: '07:00', end: '09:00' }] };
    const open = (zone: string) => decide(facts(), rules({ timezone: zone, access_hours: hours }), instant).reasons;
    expect(open('America/New_York')).toEqual([]);
    expect(open('Asia/Kolkata')).toEqual([]);
    expect(open('UTC')).toEqual(['outside_access_hours']);
  });

  it('on DST days the opening and closing minutes are wall-clock minutes', () => {
    // New York springs forward at 02:00 on Sunday 2026-03-08 and falls back at 02:00 on Sunday 2026-11-01.
    const hours: AccessHours = { sunday: [{ start: '01:30', end: '03:15' }] };
    const zone = 'America/New_York';
    const at = (iso: string) => new Date(iso);
    const openAt = (date: Date) => decide(facts(), rules({ timezone: zone, access_hours: hours }), date).reasons.length === 0;
    // Spring: 01:29 EST = 06:29Z closed, 01:30 EST open, 01:59 EST = 06:59Z open, 03:00 EDT = 07:00Z open, 03:14 EDT open, 03:15 EDT = 07:15Z closed.
    expect(
      [at('2026-03-08T06:29:00Z'), at('2026-03-08T06:30:00Z'), at('2026-03-08T06:59:00Z'), at('2026-03-08T07:00:00Z'), at('2026-03-08T07:14:00Z'), at('2026-03-08T07:15:00Z')].map(openAt),
    ).toEqual([false, true, true, true, true, false]);
    // Fall: 01:30 EDT = 05:30Z open, 01:59 EST (second time) = 06:59Z open, 03:14 EST = 08:14Z open, 03:15 EST = 08:15Z closed.
    expect([at('2026-11-01T05:29:00Z'), at('2026-11-01T05:30:00Z'), at('2026-11-01T06:59:00Z'), at('2026-11-01T08:14:00Z'), at('2026-11-01T08:15:00Z')].map(openAt)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});
