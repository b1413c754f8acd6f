/**
 * What a reader printed or staff typed, read as card bytes in card order (docs/hardware.md §1.1 format
 * table and §1.5 "Same card, different numbers"). Pure functions over strings. Each parser answers
 * the value or the rule the text broke, never quoting the text: enrolment turns the rule into a
 * `CredentialFormatError`, candidate generation simply skips a reading that does not apply.
 *
 * Decided rules (all on the trimmed text):
 * - Hex: optional `0x`/`0X` prefix; byte pairs may be split by ONE separator used throughout
 *   (`04:A2:24:B2`, `04-A2-24-B2`, `04 a2 24 b2`), any other spacing is not hex. 8, 10, 14 or 20
 *   digits = 4 bytes (EM4100 low 32 bits, MIFARE single UID), 5 (EM4100 with its version/customer
 *   byte), 7 (MIFARE double UID) or 10 (triple UID).
 * - Decimal: 1–13 digits, the big-endian value of the card's bytes: below 2^32 → 4 bytes, below
 *   2^40 → 5 bytes. Leading zeros don't change the value (`0009334109` = 9334109 = `00 8E 6D 5D`).
 * - Wiegand 26: facility 0–255 and card 0–65535 written `F,C`, `F/C` (spaces allowed around the
 *   mark) or `F C` (1–3 and 1–5 digits), or, where the caller allows the packed form, exactly 8
 *   digits `FFFCCCCC` ("8H10D").
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A Wiegand 26 number: what survives of a card is its third-lowest byte and low 16 bits. */
export interface Wiegand26 {
  facility: number;
  card: number;
}

const hexPrefix = /^0x/i;
const separatedBytePairs = /^[0-9a-f]{2}([:\- ])[0-9a-f]{2}(?:\1[0-9a-f]{2})*$/i;
const separatedWiegand26 = /^(\d{1,3})(?:\s*[,/]\s*|\s+)(\d{1,5})$/;
const packedWiegand26 = /^(\d{3})(\d{5})$/;
const hexDigitCounts = new Set([8, 10, 14, 20]);
const twoPow32 = 1n << 32n;
const twoPow40 = 1n << 40n;

function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

function refused<T>(problem: string): Parsed<T> {
  return { ok: false, problem };
}

/** The hex digits of the text once the `0x` prefix and uniform byte-pair separators are gone. */
function hexBody(trimmed: string): string {
  const body = trimmed.replace(hexPrefix, '');
  return separatedBytePairs.test(body) ? body.replace(/[:\- ]/g, '') : body;
}

/**
 * Hex digits written the way only hex is: with an A–F letter, a `0x` prefix or separated byte
 * pairs. Bare digits are not: enrolment reads those as decimal.
 */
export function looksLikeHex(text: string): boolean {
  const trimmed = text.trim();
  const marked = /[a-f]/i.test(trimmed) || hexPrefix.test(trimmed) || separatedBytePairs.test(trimmed);
  return marked && /^[0-9a-f]+$/i.test(hexBody(trimmed));
}

/** Written `F,C`, `F/C` or `F C`: the two numbers of a Wiegand 26 print, whatever their range. */
export function looksLikeWiegand26(text: string): boolean {
  return separatedWiegand26.test(text.trim());
}

export function looksLikeDecimal(text: string): boolean {
  return /^\d+$/.test(text.trim());
}

export function parseHex(text: string): Parsed<Uint8Array> {
  const body = hexBody(text.trim());
  if (!/^[0-9a-f]+$/i.test(body)) return refused('card number is not hex');
  if (!hexDigitCounts.has(body.length)) return refused('a hex card number must have 8, 10, 14 or 20 hex digits (4, 5, 7 or 10 bytes)');
  return ok(hexToBytes(body));
}

export function parseDecimal(text: string): Parsed<Uint8Array> {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return refused('card number is not decimal');
  if (trimmed.length > 13) return refused('a decimal card number has at most 13 digits');
  const value = BigInt(trimmed);
  if (value >= twoPow40) return refused('a decimal card number must be below 2^40 (40 bits)');
  return ok(bigIntToBytes(value, value < twoPow32 ? 4 : 5));
}

export function parseWiegand26(text: string, options: { packed: boolean }): Parsed<Wiegand26> {
  const trimmed = text.trim();
  const match = separatedWiegand26.exec(trimmed) ?? (options.packed ? packedWiegand26.exec(trimmed) : null);
  if (!match) return refused('card number is not Wiegand 26 (facility,card)');
  const facility = Number(match[1]);
  const card = Number(match[2]);
  if (facility > 0xff) return refused('a Wiegand 26 facility must be 0 to 255');
  if (card > 0xffff) return refused('a Wiegand 26 card number must be 0 to 65535');
  return ok({ facility, card });
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex.toUpperCase();
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function bigIntToBytes(value: bigint, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = length - 1, rest = value; i >= 0; i--, rest >>= 8n) bytes[i] = Number(rest & 0xffn);
  return bytes;
}
