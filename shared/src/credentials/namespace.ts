/**
 * Member codes and card numbers share one namespace: a scan's `C:` key is tried before its card
 * keys (`candidateKeys`), so a code equal to some printed form of another member's card would
 * take that card over (a code `04A3B2C1D5E680` turned Emma's card into Sophia's). The two
 * functions below name the clashes in both directions, for every print any location's profile
 * may accept: hex in either case and byte order, with `0x` or byte separators, decimal with any
 * zero padding, the low 32 bits of a 40-bit number, and Wiegand 26 of a card enrolled as such.
 */
import { candidateKeys } from './candidates.js';
import { cardKey, memberCodeKey } from './keys.js';
import { bytesToHex, parseHex } from './parse.js';
import { MatchingProfile } from './profile.js';

/** A location accepting every print: a clash anywhere is a clash. */
const everyPrint: MatchingProfile = MatchingProfile.parse({ formats: { hex: true, decimal: true, wiegand26: true }, byte_order: 'both' });
const twoPow40 = 1n << 40n;

/** The card keys a member code would be read as at some location. */
export function codeAsCardKeys(code: string): string[] {
  return candidateKeys(code, everyPrint).filter((key) => !key.startsWith('C:'));
}

/** The texts a reader may print a full card number (one reading of it) as. */
function printsOfBytes(bytes: Uint8Array): string[] {
  const hex = bytesToHex(bytes);
  const pairs = hex.match(/../g) ?? [];
  const texts = [hex, `0x${hex}`, pairs.join(':'), pairs.join('-'), pairs.join(' ')];
  const value = BigInt(`0x${hex}`);
  if (value < twoPow40) {
    const decimal = value.toString();
    for (let width = decimal.length; width <= 13; width++) texts.push(decimal.padStart(width, '0'));
  }
  return texts;
}

function printsOfKey(key: string): string[] {
  if (key.startsWith('W:')) {
    const [facility, card] = key.slice(2).split(',') as [string, string];
    return [`${facility},${card}`, `${facility}/${card}`, `${facility.padStart(3, '0')}${card.padStart(5, '0')}`];
  }
  const parsed = parseHex(key.slice(2));
  if (!parsed.ok) return [];
  const bytes = parsed.value;
  const readings = [bytes, bytes.slice().reverse(), ...(bytes.length === 5 ? [bytes.subarray(1)] : [])];
  return readings.flatMap(printsOfBytes);
}

/**
 * The member-code keys a card (its enrolled match keys) would lose a scan to: every print of it
 * that some location would resolve to one of those keys, as a code.
 */
export function cardAsCodeKeys(cardKeys: readonly string[]): string[] {
  const texts = cardKeys.flatMap(printsOfKey);
  const resolving = texts.filter((text) => candidateKeys(text, everyPrint).some((key) => cardKeys.includes(key)));
  return [...new Set(resolving.map(memberCodeKey))];
}

/**
 * The keys of a card read in the other byte order. A location with `byte_order: both` tries a
 * 4/7-byte print's reversed bytes too (`cardReadings`), so a card enrolled under the reversed
 * number of another membership's card (or of a 5-byte tag's low 4 bytes) would let a reader
 * printing the other order admit the one as the other. Enrolment refuses a card any of whose
 * keys or these keys another membership holds live; palindromes reverse to themselves and are
 * left out.
 */
export function otherByteOrderKeys(cardKeys: readonly string[]): string[] {
  const reversed = cardKeys.flatMap((key) => {
    if (!key.startsWith('U:')) return [];
    const parsed = parseHex(key.slice(2));
    if (!parsed.ok || (parsed.value.length !== 4 && parsed.value.length !== 7)) return [];
    return [cardKey(parsed.value.slice().reverse())];
  });
  return [...new Set(reversed)].filter((key) => !cardKeys.includes(key));
}
