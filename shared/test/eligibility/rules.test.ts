import { describe, expect, it } from 'vitest';
import { AccessHours, AlertAction, CheckinAlerts, DailySpan, LocalEndTime, LocalTime, weekdayNames } from '../../src/eligibility/index.js';

const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('check-in rule schemas', () => {
  it.each(['00:00', '09:05', '19:59', '20:00', '23:59'])('a local time %s is accepted', (time) => {
    expect(accepts(LocalTime, time)).toBe(true);
    expect(accepts(LocalEndTime, time)).toBe(true);
  });

  it.each(['24:00', '9:00', '09:0', '0900', '09:60', '30:00', '25:00', 'a9:00', '09:5x', ' 09:00', '09:00 ', 'x09:00', '109:00', '09:000'])('a local time %j is refused', (time) => {
    expect(accepts(LocalTime, time)).toBe(false);
  });

  it('an end time may be 24:00 but nothing after it', () => {
    expect(accepts(LocalEndTime, '24:00')).toBe(true);
    for (const time of ['24:01', '24:10', '25:00', 'x24:00', '24:00x', '124:00', '24:000']) expect([time, accepts(LocalEndTime, time)]).toEqual([time, false]);
  });

  it('a daily span ends after it starts, and says so on `end`', () => {
    expect(accepts(DailySpan, { start: '09:00', end: '09:01' })).toBe(true);
    expect(accepts(DailySpan, { start: '00:00', end: '24:00' })).toBe(true);
    const equal = DailySpan.safeParse({ start: '09:00', end: '09:00' });
    expect(equal.success).toBe(false);
    expect(equal.error?.issues).toEqual([expect.objectContaining({ message: 'end must be after start', path: ['end'] })]);
    expect(accepts(DailySpan, { start: '10:00', end: '09:00' })).toBe(false);
    expect(accepts(DailySpan, { start: '09:00', end: '10:00', note: 'x' })).toBe(false);
  });

  it('local times are refused with a message naming the form', () => {
    expect(LocalTime.safeParse('24:00').error?.issues[0]?.message).toBe('expected a local time HH:MM, 00:00 to 23:59');
    expect(LocalEndTime.safeParse('24:01').error?.issues[0]?.message).toBe('expected a local time HH:MM, 00:00 to 24:00');
  });

  it('alerts are block, warn or off, defaulting to past_due block and the others warn', () => {
    expect(AlertAction.options).toEqual(['block', 'warn', 'off']);
    expect(CheckinAlerts.parse({})).toEqual({ past_due: 'block', no_card: 'warn', form_missing: 'warn' });
    expect(CheckinAlerts.parse({ past_due: 'off', no_card: 'block', form_missing: 'off' })).toEqual({ past_due: 'off', no_card: 'block', form_missing: 'off' });
    expect(accepts(CheckinAlerts, { other: 'block' })).toBe(false);
  });

  it('access hours are keyed by weekday name, Monday first', () => {
    expect(weekdayNames).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(AccessHours.parse({ sunday: [{ start: '10:00', end: '16:00' }] })).toEqual({ sunday: [{ start: '10:00', end: '16:00' }] });
    expect(accepts(AccessHours, { someday: [] })).toBe(false);
    expect(accepts(AccessHours, { monday: [{ start: '10:00', end: '09:00' }] })).toBe(false);
  });
});
