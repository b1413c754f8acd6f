/**
 * The keys of a credential staff enrol (docs/hardware.md §1.5). Staff type what is printed on the fob or
 * what an admin reader shows, so enrolment commits to ONE reading of the text; the many readings a
 * turnstile's print may have are `candidateKeys`' job.
 *
 * - `auto` (default): `F,C` / `F C` / `F/C` → Wiegand 26; hex digits with an A–F letter, a `0x`
 *   prefix or byte-pair separators → hex; all digits → decimal; anything else is refused. (`12 34`
 *   is both two separated byte pairs and `F C`; two bytes are never a card, so it is Wiegand 26.)
 *   An all-digit hex print (`12345678`) is therefore read as decimal: enrol it with `hex`.
 * - `hex`: 8, 10, 14 or 20 hex digits; `decimal`: 1–13 digits below 2^40; `wiegand26`: `F,C`,
 *   `F C`, `F/C` or 8 digits `FFFCCCCC`, facility ≤ 255, card ≤ 65535.
 * - A full number gets `U:` keys in card order (5 bytes: the 40-bit key and the low-32 alias) and
 *   never a `W:` key; a Wiegand 26 number gets only its `W:` key and is `lossy`.
 */
import { z } from 'zod';
import { CredentialFormatError } from './errors.js';
import { cardKey, cardReadings, wiegand26Key } from './keys.js';
import { looksLikeDecimal, looksLikeHex, looksLikeWiegand26, parseDecimal, parseHex, parseWiegand26, type Parsed } from './parse.js';

export const enrolmentFormats = ['auto', 'hex', 'decimal', 'wiegand26'] as const;
export const EnrolmentFormat = z.enum(enrolmentFormats);
export type EnrolmentFormat = z.infer<typeof EnrolmentFormat>;

export interface EnrolmentKeys {
  /** The one key that names the credential: `U:<hex>` of the full number, or `W:F,C`. */
  canonical: string;
  /** Every key the credential answers to; store them all. */
  keys: string[];
  /** Wiegand 26: facility and 16 bits of the card only. */
  lossy: boolean;
}

export function enrolmentKeys(value: string, format: EnrolmentFormat = 'auto'): EnrolmentKeys {
  switch (format === 'auto' ? detectFormat(value) : format) {
    case 'hex':
      return fullNumber(accept(parseHex(value)));
    case 'decimal':
      return fullNumber(accept(parseDecimal(value)));
    case 'wiegand26': {
      const key = wiegand26Key(accept(parseWiegand26(value, { packed: true })));
      return { canonical: key, keys: [key], lossy: true };
    }
  }
}

/** What a number typed or read with format `auto` is taken as; throws CredentialFormatError when it is none. */
export function detectFormat(value: string): Exclude<EnrolmentFormat, 'auto'> {
  // Before hex: `12 34` is also two separated byte pairs, and two bytes are never a card.
  if (looksLikeWiegand26(value)) return 'wiegand26';
  if (looksLikeHex(value)) return 'hex';
  if (looksLikeDecimal(value)) return 'decimal';
  throw new CredentialFormatError('card number is not hex, decimal or Wiegand 26');
}

function fullNumber(bytes: Uint8Array): EnrolmentKeys {
  const { exact, aliases } = cardReadings(bytes, 'forward');
  return { canonical: cardKey(bytes), keys: [...exact, ...aliases].map(cardKey), lossy: false };
}

function accept<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new CredentialFormatError(parsed.problem);
  return parsed.value;
}
