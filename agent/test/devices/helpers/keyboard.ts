/** HID usages (docs/hardware.md §1.1.2) and boot-keyboard reports for wedge tests. */
export const ENTER = 0x28;
export const KP_ENTER = 0x58;
export const SHIFT = 0x02;

export function digitUsage(digit: string): number {
  return digit === '0' ? 0x27 : 0x1e + Number(digit) - 1;
}

export function keypadUsage(digit: string): number {
  return digit === '0' ? 0x62 : 0x59 + Number(digit) - 1;
}

/** An 8-byte report `[modifiers, 0, k1..k6]`, or 9 bytes with `reportId` first. */
export function report(keys: number[], modifiers = 0, reportId?: number): number[] {
  const body = [modifiers, 0, ...keys, 0, 0, 0, 0, 0, 0].slice(0, 8);
  return reportId === undefined ? body : [reportId, ...body];
}

/** Press and release for every character, as a wedge types `text` (digits and A-F), then Enter. */
export function typed(text: string, options: { reportId?: number; enter?: number | null; keypad?: boolean } = {}): number[][] {
  const reports: number[][] = [];
  for (const char of text) {
    const upper = /[A-F]/.test(char);
    const usage = upper ? 0x04 + char.charCodeAt(0) - 0x41 : options.keypad ? keypadUsage(char) : digitUsage(char);
    reports.push(report([usage], upper ? SHIFT : 0, options.reportId), report([], 0, options.reportId));
  }
  const enter = options.enter === undefined ? ENTER : options.enter;
  if (enter !== null) reports.push(report([enter], 0, options.reportId), report([], 0, options.reportId));
  return reports;
}
