/**
 * Match keys: the strings the server's credential table and the agent's offline cache are keyed by
 * (docs/hardware.md §1.5). Server and agent must build them byte for byte alike, so they are built here
 * only.
 *
 * - `U:<HEX>`  a full card number: upper-case hex of its bytes in card order, leading zero bytes
 *   kept (`U:008E6D5D`, never `U:8E6D5D`); 4, 5, 7 or 10 bytes.
 * - `W:<F>,<C>` a lossy Wiegand 26 number, facility 0–255 and card 0–65535 in plain decimal
 *   (`W:142,27997`). Only credentials enrolled as Wiegand 26 have one: a W26 print alone never
 *   matches a full number on file (256 × 65 536 values collide across sites).
 * - `C:<CODE>` a member code: trimmed, upper-cased, whitespace removed, everything else kept
 *   (`C:HF-00123`; leading zeros matter).
 *
 * One card number stands for several keys ("readings"): a 5-byte EM4100 number also for its low 4
 * bytes (readers printing 32 bits drop the version byte); a 4- or 7-byte MIFARE UID for its
 * reversed bytes where the location's readers print it reversed. Enrolment uses the forward
 * readings only; reversal is decided at lookup by the location's profile.
 */
import { CredentialFormatError } from './errors.js';
import { bytesToHex, type Wiegand26 } from './parse.js';
import type { MatchingProfile } from './profile.js';

export function cardKey(bytes: Uint8Array): string {
  return `U:${bytesToHex(bytes)}`;
}

export function wiegand26Key({ facility, card }: Wiegand26): string {
  return `W:${facility},${card}`;
}

export function memberCodeKey(code: string): string {
  const normalised = code.replace(/\s+/g, '').toUpperCase();
  if (normalised === '') throw new CredentialFormatError('member code is empty');
  return `C:${normalised}`;
}

/** What a Wiegand 26 reader would send for this card: third-lowest byte and low 16 bits. */
export function wiegand26Of(bytes: Uint8Array): Wiegand26 {
  const n = bytes.length;
  return { facility: bytes[n - 3] ?? 0, card: ((bytes[n - 2] ?? 0) << 8) | (bytes[n - 1] ?? 0) };
}

export interface CardReadings {
  /** The number as given, in card order (none for a 4/7-byte UID when only reversed is allowed). */
  exact: Uint8Array[];
  /** The low 4 bytes of a 5-byte number; the reversed UID of a 4/7-byte one when allowed. */
  aliases: Uint8Array[];
}

export function cardReadings(bytes: Uint8Array, byteOrder: MatchingProfile['byte_order']): CardReadings {
  switch (bytes.length) {
    case 5:
      return { exact: [bytes], aliases: [bytes.subarray(1)] };
    case 4:
    case 7:
      return {
        exact: byteOrder === 'reversed' ? [] : [bytes],
        aliases: byteOrder === 'forward' ? [] : [bytes.slice().reverse()],
      };
    default:
      return { exact: [bytes], aliases: [] };
  }
}
