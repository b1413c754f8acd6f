/**
 * The matching profile of a location: how its readers may print a card number (docs/hardware.md §1.1
 * format table and §1.5). The server keeps it in the location's settings, the agent gets it in its
 * config; both feed it to `candidateKeys`, so one schema gives both the same defaults.
 *
 * Defaults: hex and decimal on, Wiegand 26 off (lossy: 256 × 65 536 numbers, so a W26 print of one
 * card can equal another card's), MIFARE byte order `both` because cheap 13.56 MHz wedges print the
 * UID reversed and the profile author rarely knows which kind was bought (docs/hardware.md §1.4).
 */
import { z } from 'zod';

export const matchingByteOrders = ['forward', 'reversed', 'both'] as const;

export const MatchingProfile = z
  .strictObject({
    formats: z
      .strictObject({
        hex: z.boolean().default(true).describe('8, 10, 14 or 20 hex digits, optionally `0x` or byte pairs split by `:`, `-` or spaces'),
        decimal: z.boolean().default(true).describe('1 to 13 decimal digits: the 32-bit or 40-bit card number'),
        wiegand26: z.boolean().default(false).describe('`F,C`, `F C`, `F/C` or 8 digits `FFFCCCCC`; only matches cards enrolled as Wiegand 26'),
      })
      .prefault({})
      .describe('How readers at this location may print a card number; each enabled interpretation adds candidates.'),
    byte_order: z.enum(matchingByteOrders).default('both').describe('4- and 7-byte UIDs (MIFARE) as read: in card order, reversed (cheap 13.56 MHz wedges), or either.'),
  })
  .meta({ id: 'MatchingProfile' });
export type MatchingProfile = z.infer<typeof MatchingProfile>;

/** `{ formats: { hex: true, decimal: true, wiegand26: false }, byte_order: 'both' }`, frozen. */
export const defaultMatchingProfile: MatchingProfile = deepFreeze(MatchingProfile.parse({}));

function deepFreeze(profile: MatchingProfile): MatchingProfile {
  Object.freeze(profile.formats);
  return Object.freeze(profile);
}
