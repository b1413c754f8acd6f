/**
 * Decodes USB HID boot-keyboard input reports from a keyboard-wedge reader into the text it typed
 * (docs/hardware.md §1.1.1, §1.1.2). Pure: no device, no timers; the driver ends a read on Enter or, for
 * readers that send no Enter, on an idle timeout by calling `flush()`.
 */

const enterUsages = new Set([0x28, 0x58]); // Return, Keypad Enter
const errorRollOver = 0x01;
const shiftBits = 0x02 | 0x20; // LShift, RShift in the modifier byte
const maxPendingChars = 64; // no reader types more; a stuck or hostile device can't grow the buffer

const punctuation: Record<number, [string, string]> = {
  0x2c: [' ', ' '],
  0x2d: ['-', '_'],
  0x33: [';', ':'],
  0x36: [',', '<'],
  0x37: ['.', '>'],
  0x38: ['/', '?'],
  0x63: ['.', '.'],
};

/** The character a usage types, or null for keys a reader doesn't use for card numbers. */
export function usageToChar(usage: number, shift: boolean): string | null {
  if (usage >= 0x04 && usage <= 0x1d) {
    const letter = String.fromCharCode(0x61 + usage - 0x04);
    return shift ? letter.toUpperCase() : letter;
  }
  // Shifted digits would be symbols on a keyboard; a reader typing under Shift still means digits.
  if (usage >= 0x1e && usage <= 0x26) return String(usage - 0x1e + 1);
  if (usage === 0x27 || usage === 0x62) return '0';
  if (usage >= 0x59 && usage <= 0x61) return String(usage - 0x59 + 1); // keypad 1-9
  const pair = punctuation[usage];
  return pair ? pair[shift ? 1 : 0] : null;
}

export type ReportIdMode = 'auto' | 'present' | 'absent';

export class KeyboardReportDecoder {
  private held = new Set<number>();
  private pending = '';

  /**
   * `auto`: a 9-byte report carries a report id first, an 8-byte one does not (docs/hardware.md §1.1.1:
   * numbered reports reach hidraw with the id prepended; byte 0 is not always the modifier).
   */
  constructor(private readonly reportId: ReportIdMode = 'auto') {}

  /**
   * Feeds one input report; returns the reads completed by Enter in it (usually none or one).
   * Edge-triggered: a usage counts when it appears, not while it stays held, so `00` needs the
   * release report between the two presses, as real keyboards send (docs/hardware.md §1.1.1).
   */
  push(report: Uint8Array): string[] {
    const offset = this.reportId === 'present' || (this.reportId === 'auto' && report.length >= 9) ? 1 : 0;
    if (report.length < offset + 3) return [];
    const modifiers = report[offset] ?? 0;
    // Stryker disable next-line MethodExpression: a kept 0 (no key) types nothing and is never ErrorRollOver; dropping it keeps `held` tidy
    const usages = [...report.subarray(offset + 2, offset + 8)].filter((usage) => usage !== 0);
    // ErrorRollOver: too many keys at once; the report says nothing about which (HID 1.11 B.1).
    if (usages.includes(errorRollOver)) return [];
    const pressed = usages.filter((usage) => !this.held.has(usage));
    this.held = new Set(usages);
    const completed: string[] = [];
    const shift = (modifiers & shiftBits) !== 0;
    for (const usage of pressed) {
      if (enterUsages.has(usage)) {
        const text = this.flush();
        if (text !== null) completed.push(text);
        continue;
      }
      const char = usageToChar(usage, shift);
      if (char !== null && this.pending.length < maxPendingChars) this.pending += char;
    }
    return completed;
  }

  /** Characters typed since the last Enter. */
  hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** Ends the current read (Enter or idle timeout): its trimmed text, or null when nothing was typed. */
  flush(): string | null {
    const text = this.pending.trim();
    this.pending = '';
    return text.length > 0 ? text : null;
  }
}
