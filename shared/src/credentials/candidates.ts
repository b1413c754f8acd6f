/**
 * Every key a scan could mean at a location (docs/hardware.md §1.5: the same card legitimately arrives
 * as several numbers). The server looks all of them up at once and takes the first that matches;
 * the agent hashes them and looks them up in its offline cache. Order, most specific first,
 * duplicates dropped:
 *
 * 1. `C:<code>`: member codes are tried before cards.
 * 2. Exact readings in card order: the text as hex (8, 10, 14, 20 digits) then as decimal (1–13
 *    digits, below 2^40), as the profile's `formats` allow. A 10-digit all-digit text is both
 *    5 hex bytes and a decimal number; both are candidates, by design.
 * 3. Aliases: the low 4 bytes of a 5-byte number, reversed 4/7-byte UIDs (profile `byte_order`).
 * 4. With `wiegand26` on: the text itself as W26 (`F,C`, `F C`, `F/C`, 8 digits `FFFCCCCC`), then
 *    the W26 number of every reading above. These only meet credentials enrolled as W26, which
 *    never have a `U:` key, so a lossy print cannot open a full-number credential.
 *
 * Never throws: text that is no card number still yields its `C:` key; blank text yields none.
 */
import { cardKey, cardReadings, memberCodeKey, wiegand26Key, wiegand26Of } from './keys.js';
import { parseDecimal, parseHex, parseWiegand26 } from './parse.js';
import type { MatchingProfile } from './profile.js';

export function candidateKeys(text: string, profile: MatchingProfile): string[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];

  const parsed = [profile.formats.hex ? parseHex(trimmed) : null, profile.formats.decimal ? parseDecimal(trimmed) : null];
  const numbers = parsed.flatMap((number) => (number?.ok ? [cardReadings(number.value, profile.byte_order)] : []));
  const readings = [...numbers.flatMap((r) => r.exact), ...numbers.flatMap((r) => r.aliases)];

  const keys = [memberCodeKey(trimmed), ...readings.map(cardKey)];
  if (profile.formats.wiegand26) {
    const typed = parseWiegand26(trimmed, { packed: true });
    if (typed.ok) keys.push(wiegand26Key(typed.value));
    keys.push(...readings.map((bytes) => wiegand26Key(wiegand26Of(bytes))));
  }
  return [...new Set(keys)];
}
