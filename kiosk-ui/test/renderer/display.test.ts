import { describe, expect, it } from 'vitest';
import { timingsFromQuery } from '../../src/renderer/config.ts';
import { timeFormatter } from '../../src/renderer/i18n/format.ts';
import { shownFirstName, shownName } from '../../src/renderer/i18n/people.ts';
import { wordsFor } from '../../src/renderer/i18n/words.ts';

const english = wordsFor('en');

describe('names on a shared screen', () => {
  it('never show more than a first name and a last initial', () => {
    expect(shownName('Sam K.')).toBe('Sam K.');
    expect(shownName('Mary Ann K.')).toBe('Mary Ann K.');
    expect(shownName('Samantha Kowalski')).toBe('Samantha K.');
    expect(shownName('  jo   de la cruz ')).toBe('jo C.');
    expect(shownName('Cher')).toBe('Cher');
    expect(shownName('')).toBe('');
    expect(shownFirstName('Sam Kowalski')).toBe('Sam');
    expect(shownFirstName('  ')).toBeNull();
    expect(shownFirstName(null)).toBeNull();
  });
});

describe('timingsFromQuery', () => {
  it('reads seconds from the page URL and keeps the defaults for anything else', () => {
    expect(timingsFromQuery('?idle=45&answer=2.5')).toEqual({ idleMs: 45_000, answerMs: 2_500, refreshMs: 60_000, retryMs: 5_000 });
    expect(timingsFromQuery('?idle=0&answer=soon')).toEqual({ idleMs: 30_000, answerMs: 5_000, refreshMs: 60_000, retryMs: 5_000 });
  });
});

describe('timeFormatter', () => {
  it("shows times on the location's 24-hour clock, and the kiosk's own for a zone it does not know", () => {
    const at = '2026-07-01T17:05:00.000Z';
    expect(timeFormatter('Europe/London', english).time(at)).toBe('18:05');
    expect(timeFormatter('Asia/Kolkata', english).span({ start: at, end: '2026-07-01T18:05:00.000Z' }, new Date(at))).toBe('22:35–23:35');
    expect(timeFormatter('Mars/Olympus_Mons', english).time(at)).toBe(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at)));
  });

  it("says Tomorrow (or the weekday) before a class on another local day, judged in the location's zone", () => {
    const format = timeFormatter('America/New_York', english);
    const lateEvening = new Date('2026-07-02T03:30:00.000Z'); // 23:30 on 1 July in New York
    expect(format.span({ start: '2026-07-02T03:45:00.000Z', end: '2026-07-02T04:45:00.000Z' }, lateEvening)).toBe('23:45–00:45');
    expect(format.span({ start: '2026-07-02T05:00:00.000Z', end: '2026-07-02T06:00:00.000Z' }, lateEvening)).toBe('Tomorrow 01:00–02:00');
    expect(format.span({ start: '2026-07-03T14:00:00.000Z', end: '2026-07-03T15:00:00.000Z' }, lateEvening)).toBe('Friday 10:00–11:00');
  });

  it("says Tomorrow and the weekday in the kiosk's language", () => {
    const format = timeFormatter('America/New_York', wordsFor('es'));
    const lateEvening = new Date('2026-07-02T03:30:00.000Z');
    expect(format.span({ start: '2026-07-02T05:00:00.000Z', end: '2026-07-02T06:00:00.000Z' }, lateEvening)).toBe('Mañana 01:00–02:00');
    expect(format.span({ start: '2026-07-03T14:00:00.000Z', end: '2026-07-03T15:00:00.000Z' }, lateEvening)).toBe('Viernes 10:00–11:00');
    expect(format.day(lateEvening)).toBe('Miércoles, 1 de julio');
  });
});
