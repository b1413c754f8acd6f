import { describe, expect, it } from 'vitest';
import { KeyboardReportDecoder, usageToChar } from '../../../src/devices/hid/keyboard-report.js';
import { ENTER, SHIFT, report, typed } from '../helpers/keyboard.js';

const RSHIFT = 0x20;
const LCTRL = 0x01;
const ERROR_ROLL_OVER = 0x01;

function decode(reports: number[][], decoder = new KeyboardReportDecoder()): string[] {
  return reports.flatMap((r) => decoder.push(Uint8Array.from(r)));
}

/** What each usage types, written out from the HID usage tables (docs/hardware.md §1.1.2), not from the code. */
function expectedChar(usage: number, shift: boolean): string | null {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  if (usage >= 0x04 && usage <= 0x1d) return shift ? letters[usage - 0x04]!.toUpperCase() : letters[usage - 0x04]!;
  const digits: Record<number, string> = { 0x1e: '1', 0x1f: '2', 0x20: '3', 0x21: '4', 0x22: '5', 0x23: '6', 0x24: '7', 0x25: '8', 0x26: '9', 0x27: '0' };
  const keypad: Record<number, string> = { 0x59: '1', 0x5a: '2', 0x5b: '3', 0x5c: '4', 0x5d: '5', 0x5e: '6', 0x5f: '7', 0x60: '8', 0x61: '9', 0x62: '0' };
  const punctuation: Record<number, [string, string]> = {
    0x2c: [' ', ' '],
    0x2d: ['-', '_'],
    0x33: [';', ':'],
    0x36: [',', '<'],
    0x37: ['.', '>'],
    0x38: ['/', '?'],
    0x63: ['.', '.'],
  };
  return digits[usage] ?? keypad[usage] ?? punctuation[usage]?.[shift ? 1 : 0] ?? null;
}

describe('usageToChar, every usage', () => {
  it('types letters, digits (also under Shift), keypad digits and the separators readers use; nothing else', () => {
    for (let usage = 0; usage <= 0xff; usage++) {
      for (const shift of [false, true]) expect([usage, shift, usageToChar(usage, shift)]).toEqual([usage, shift, expectedChar(usage, shift)]);
    }
  });

  it('decodes separated prints: 04:A3-B2 typed with Shift for the colon', () => {
    const colon = [report([0x33], SHIFT), report([])];
    const dash = [report([0x2d]), report([])];
    const digits = (text: string) => typed(text, { enter: null });
    const reports = [...digits('04'), ...colon, ...digits('A3'), ...dash, ...digits('B2'), report([ENTER]), report([])];
    expect(decode(reports)).toEqual(['04:A3-B2']);
  });
});

describe('KeyboardReportDecoder, report layout', () => {
  it('auto: an 8-byte report has no report id, a 9-byte one has', () => {
    expect(decode([report([0x04], SHIFT), report([]), report([ENTER])])).toEqual(['A']);
    expect(decode([report([0x04], SHIFT, 7), report([], 0, 7), report([ENTER], 0, 7)])).toEqual(['A']);
  });

  it('present: byte 0 is the report id even in an 8-byte report', () => {
    // [id, modifiers, 0, k1..k5]: read without the id, id 2 would be Shift and type 'B'.
    const decoder = new KeyboardReportDecoder('present');
    expect(
      decode(
        [
          [2, 0, 0, 0x05, 0, 0, 0, 0],
          [2, 0, 0, 0, 0, 0, 0, 0],
          [2, 0, 0, ENTER, 0, 0, 0, 0],
        ],
        decoder,
      ),
    ).toEqual(['b']);
  });

  it('absent: byte 0 is the modifier byte even in a 9-byte report', () => {
    const decoder = new KeyboardReportDecoder('absent');
    expect(
      decode(
        [
          [SHIFT, 0, 0x06, 0, 0, 0, 0, 0, 0],
          [0, 0, 0, 0, 0, 0, 0, 0, 0],
          [0, 0, ENTER, 0, 0, 0, 0, 0, 0],
        ],
        decoder,
      ),
    ).toEqual(['C']);
  });

  it('reads a report as short as modifiers, reserved byte and one key, and ignores a shorter one', () => {
    const decoder = new KeyboardReportDecoder('absent');
    expect(decoder.push(Uint8Array.of(0, 0, 0x1e))).toEqual([]);
    expect(decoder.hasPending()).toBe(true);
    expect(decoder.push(Uint8Array.of(0, 0))).toEqual([]);
    // The short report said nothing: the key still counts as held, so it is not typed twice.
    expect(decoder.push(Uint8Array.of(0, 0, 0x1e))).toEqual([]);
    expect(decoder.flush()).toBe('1');
    const withId = new KeyboardReportDecoder('present');
    withId.push(Uint8Array.of(9, 0, 0, 0x1f));
    expect(withId.push(Uint8Array.of(9, 0, 0))).toEqual([]);
    withId.push(Uint8Array.of(9, 0, 0, 0x1f));
    expect(withId.flush()).toBe('2');
  });

  it('a short report carrying Enter ends nothing', () => {
    const decoder = new KeyboardReportDecoder('absent');
    decoder.push(Uint8Array.of(0, 0, 0x20));
    expect(decoder.push(Uint8Array.of(0, ENTER))).toEqual([]);
    expect(decoder.flush()).toBe('3');
  });
});

describe('KeyboardReportDecoder, keys', () => {
  it('Shift is either Shift key; Ctrl is not Shift', () => {
    expect(decode([report([0x04], SHIFT), report([]), report([0x05], RSHIFT), report([]), report([0x06], LCTRL), report([]), report([ENTER])])).toEqual(['ABc']);
  });

  it('ignores an ErrorRollOver report entirely, keeping what was held', () => {
    const decoder = new KeyboardReportDecoder();
    expect(decode([report([0x1e]), report([0x1e, ERROR_ROLL_OVER, 0x1f, ENTER]), report([0x1e]), report([]), report([ENTER])], decoder)).toEqual(['1']);
  });

  it('keeps at most 64 characters of a read', () => {
    const seventy = Array.from({ length: 70 }, (_, i) => [report([0x1e + (i % 9)]), report([])]).flat();
    const [read] = decode([...seventy, report([ENTER])]);
    expect(read).toHaveLength(64);
    expect(read).toBe('123456789'.repeat(8).slice(0, 64));
  });

  it('trims spaces around a read, and a read of spaces only is no read', () => {
    const space = [report([0x2c]), report([])];
    expect(decode([...space, ...typed('42', { enter: null }), ...space, report([ENTER]), report([])])).toEqual(['42']);
    const decoder = new KeyboardReportDecoder();
    expect(decode([...space, ...space, report([ENTER])], decoder)).toEqual([]);
    expect(decoder.hasPending()).toBe(false);
  });

  it('flush ends a read without Enter, then has nothing', () => {
    const decoder = new KeyboardReportDecoder();
    decode(typed('7', { enter: null }), decoder);
    expect(decoder.hasPending()).toBe(true);
    expect(decoder.flush()).toBe('7');
    expect(decoder.hasPending()).toBe(false);
    expect(decoder.flush()).toBeNull();
  });
});
