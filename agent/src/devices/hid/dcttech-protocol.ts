/**
 * dcttech-style V-USB HID relay boards (`16c0:05df`, product `USBRelayN`), docs/hardware.md §2.2: feature
 * reports with report id 0 and 8 data bytes. Pure: buffers in, buffers out.
 */

const reportLength = 9; // report id + 8 data bytes
const commandOn = 0xff;
const commandOff = 0xfd;
const commandAllOff = 0xfc;

function report(command: number, channel: number): number[] {
  const bytes = new Array<number>(reportLength).fill(0);
  bytes[1] = command;
  bytes[2] = channel;
  return bytes;
}

/** `[0x00, 0xFF, n, 0…]` energises relay n; `[0x00, 0xFD, n, 0…]` releases it. */
export function channelReport(channel: number, on: boolean): number[] {
  return report(on ? commandOn : commandOff, channel);
}

/** `[0x00, 0xFC, 0, 0…]`: every relay off. */
export function allOffReport(): number[] {
  return report(commandAllOff, 0);
}

/** What `getFeatureReport(0, 9)` is asked for. */
export const stateReport = { reportId: 0, length: reportLength } as const;

/**
 * The relay state bitmask (bit 0 = relay 1) from a GET_REPORT feature response, or null when the
 * response doesn't look like a dcttech board's. pavel-a reads 9 bytes with the report id first and
 * the mask in byte 8; darrylb123's 8-byte view (id stripped) has it in byte 7. Both carry a 5-char
 * printable board id first, which is checked like pavel-a does (docs/hardware.md §2.2).
 */
export function parseStateMask(response: Uint8Array): number | null {
  const idStart = response.length >= 9 ? 1 : 0;
  if (response.length < idStart + 8) return null;
  const boardId = response.subarray(idStart, idStart + 5);
  if (!boardId.every((byte) => byte >= 0x21 && byte <= 0x7e)) return null;
  return response[idStart + 7] ?? null;
}
