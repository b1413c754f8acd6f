/**
 * Picks the card number out of one line printed by a line-based serial reader or a
 * Wiegand-to-serial converter (docs/hardware.md §1.2.3, §1.2.4). Pure. The identifier stays as printed
 * (digits, hex, `FFF,CCCCC`): the server and the offline cache apply the matching profile.
 */

export type LineFormatName = 'decimal' | 'hex' | 'w26' | 'any';

const presets: Record<LineFormatName, RegExp> = {
  /** The first run of digits: `0009334109`, `ID:0009334109`. */
  decimal: /\d+/,
  /** The first run of 8 or more hex digits (4+ bytes): `008E6D5D`, `0A008E6D5D`. */
  hex: /[0-9A-Fa-f]{8,}/,
  /** Wiegand 26 facility and card as printed: `142,27997`, `142/27997`, `142 27997`. */
  w26: /\d{1,3}\s*[,/ ]\s*\d{1,5}/,
  /** The whole trimmed line. */
  any: /^.+$/,
};

export interface LineFormat {
  /** Group 1 when the pattern has one, else the whole match, is the identifier. */
  pattern: RegExp;
}

/** A preset, or a custom regex (config `pattern`) which wins when given. */
export function lineFormat(name: LineFormatName, pattern?: string): LineFormat {
  return { pattern: pattern === undefined ? presets[name] : new RegExp(pattern) };
}

/** The identifier in `line`, or null when the line carries none (a banner, an empty keep-alive). */
export function extractIdentifier(line: string, format: LineFormat): string | null {
  const match = format.pattern.exec(line.trim());
  if (!match) return null;
  const identifier = (match[1] ?? match[0]).trim();
  return identifier.length > 0 ? identifier : null;
}
