import { describe, expect, it } from 'vitest';
import { dayHeading, dayOfMonth, weekdayOf } from '../src/format/appointments.ts';
import { displayFormat, parseTypedDate } from '../src/format/typed-date.ts';

describe('a date as the locale writes it', () => {
  it('shows day, month and year in the locale’s order and separator', () => {
    expect(displayFormat('de-DE')).toBe('DD.MM.YYYY');
    expect(displayFormat('es-ES')).toBe('DD/MM/YYYY');
    expect(displayFormat('en-IE')).toBe('DD/MM/YYYY');
    expect(displayFormat('en-US')).toBe('MM/DD/YYYY');
  });

  it('reads what was typed in that order, with or without leading zeros, or as YYYY-MM-DD', () => {
    expect(parseTypedDate('07.12.2026', 'de-DE')).toBe('2026-12-07');
    expect(parseTypedDate('7.12.2026', 'de-DE')).toBe('2026-12-07');
    expect(parseTypedDate('12/07/2026', 'en-US')).toBe('2026-12-07');
    expect(parseTypedDate('07/12/2026', 'en-IE')).toBe('2026-12-07');
    expect(parseTypedDate('2026-12-07', 'en-US')).toBe('2026-12-07');
  });

  it('refuses what is not a real date', () => {
    expect(parseTypedDate('31.02.2026', 'de-DE')).toBeNull();
    expect(parseTypedDate('12/31/2026', 'en-IE')).toBeNull();
    expect(parseTypedDate('7.12.', 'de-DE')).toBeNull();
    expect(parseTypedDate('', 'de-DE')).toBeNull();
  });

  it('heads a calendar day in the page’s language', () => {
    expect(dayHeading('2026-12-08', 'en-IE')).toBe('Tue, 8 Dec');
    expect(dayHeading('2026-12-08', 'de-DE')).toBe('Di., 8. Dez.');
    expect(weekdayOf('2026-12-08', 'es-ES')).toBe('mar');
    expect(dayOfMonth('2026-12-08', 'es-ES')).toBe('8 dic');
  });
});
