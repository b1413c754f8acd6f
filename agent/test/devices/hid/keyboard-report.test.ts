import { describe, expect, it } from 'vitest';
import { KeyboardReportDecoder, usageToChar } from '../../../src/devices/hid/keyboard-report.js';
import { ENTER, KP_ENTER, SHIFT, digitUsage, report, typed } from '../helpers/keyboard.js';

function decode(reports: number[][], decoder = new KeyboardReportDecoder()): string[] {
  return reports.flatMap((r) => decoder.push(Uint8Array.from(r)));
}

describe('KeyboardReportDecoder', () => {
  it('decodes a 10-digit read ended by Enter, from 8-byte reports without a report id', () => {
    expect(decode(typed('0009334109'))).toEqual(['0009334109']);
  });

  it('decodes 9-byte reports that carry a report id first (docs/hardware.md §1.1.1)', () => {
    expect(decode(typed('0009334109', { reportId: 2 }))).toEqual(['0009334109']);
    // Read as a modifier, report id 1 would be LCtrl and the real Shift (byte 1) would be lost:
    // the letters would come out lower case.
    expect(decode(typed('008E6D5D', { reportId: 1 }))).toEqual(['008E6D5D']);
  });

  it('honours an explicit report-id mode', () => {
    const noId = new KeyboardReportDecoder('absent');
    expect(decode(typed('12'), noId)).toEqual(['12']);
    const withId = new KeyboardReportDecoder('present');
    expect(decode(typed('12', { reportId: 1 }), withId)).toEqual(['12']);
  });

  it('is edge-triggered: a key held across reports counts once (rollover)', () => {
    const one = digitUsage('1');
    const two = digitUsage('2');
    const reports = [report([one]), report([one, two]), report([two]), report([]), report([ENTER]), report([])];
    expect(decode(reports)).toEqual(['12']);
  });

  it('needs a release between two identical digits: a repeated press report is one key', () => {
    const zero = digitUsage('0');
    expect(decode([report([zero]), report([zero]), report([]), report([ENTER]), report([])])).toEqual(['0']);
    expect(decode([report([zero]), report([]), report([zero]), report([]), report([ENTER]), report([])])).toEqual(['00']);
  });

  it('reads keypad digits and ends on Keypad Enter', () => {
    expect(decode(typed('0009334109', { keypad: true, enter: KP_ENTER }))).toEqual(['0009334109']);
  });

  it('types hex letters upper case under Shift, lower case without', () => {
    expect(decode(typed('008E6D5D'))).toEqual(['008E6D5D']);
    expect(decode([report([0x04]), report([]), report([ENTER])])).toEqual(['a']);
    expect(usageToChar(0x09, true)).toBe('F');
    expect(usageToChar(0x1e, true)).toBe('1');
  });

  it('keeps the comma of a Wiegand "FFF,CCCCC" print', () => {
    const reports = [...typed('142', { enter: null }), report([0x36]), report([]), ...typed('27997')];
    expect(decode(reports)).toEqual(['142,27997']);
  });

  it('ignores ErrorRollOver reports and keys it has no character for', () => {
    const one = digitUsage('1');
    const reports = [report([one]), report([0x01, 0x01, 0x01, 0x01, 0x01, 0x01]), report([]), report([0x2b]), report([]), report([ENTER])];
    expect(decode(reports)).toEqual(['1']);
  });

  it('emits nothing for an Enter with no digits, and nothing before Enter', () => {
    const decoder = new KeyboardReportDecoder();
    expect(decode([report([ENTER]), report([])], decoder)).toEqual([]);
    expect(decode(typed('123', { enter: null }), decoder)).toEqual([]);
    expect(decoder.hasPending()).toBe(true);
  });

  it('ends a read without Enter through flush() (the driver calls it on its idle timeout)', () => {
    const decoder = new KeyboardReportDecoder();
    decode(typed('0009334109', { enter: null }), decoder);
    expect(decoder.flush()).toBe('0009334109');
    expect(decoder.flush()).toBeNull();
    expect(decoder.hasPending()).toBe(false);
  });

  it('decodes several reads in one sequence and a Shift-modified report with a key', () => {
    expect(decode([...typed('12'), ...typed('34')])).toEqual(['12', '34']);
    expect(decode([report([0x07], SHIFT), report([]), report([ENTER])])).toEqual(['D']);
  });
});
