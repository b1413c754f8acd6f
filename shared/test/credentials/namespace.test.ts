import { describe, expect, it } from 'vitest';
import { MatchingProfile, candidateKeys, cardAsCodeKeys, codeAsCardKeys, enrolmentKeys, otherByteOrderKeys } from '../../src/credentials/index.js';

describe('codes and cards share one namespace', () => {
  it('reads a code as every card key any location would take it for', () => {
    expect(codeAsCardKeys('HF-1001')).toEqual([]);
    expect(codeAsCardKeys('  ')).toEqual([]);
    // Hex both byte orders, decimal, and Wiegand 26 of each reading (a location may enable it).
    expect(codeAsCardKeys('80e6d5c1b2a304')).toEqual(['U:80E6D5C1B2A304', 'U:04A3B2C1D5E680', 'W:178,41732', 'W:213,59008']);
    expect(codeAsCardKeys('0009334109')).toContain('U:008E6D5D');
    expect(codeAsCardKeys('142,27997')).toEqual(['W:142,27997']);
  });

  it('names every code a card would lose a scan to, and only those', () => {
    const em4100 = enrolmentKeys('0A008E6D5D', 'hex').keys;
    const codes = cardAsCodeKeys(em4100);
    for (const print of ['0A008E6D5D', '0X0A008E6D5D', '0A:00:8E:6D:5D', '0A-00-8E-6D-5D', '42959007069', '0042959007069', '008E6D5D', '5D6D8E00', '9334109', '0009334109', '0000009334109']) {
      expect(codes).toContain(`C:${print}`);
    }
    // The 5-byte number reversed is no reading of it; decimal past 13 digits is no card.
    expect(codes).not.toContain('C:5D6D8E000A');
    expect(codes).not.toContain('C:00000009334109');
    // Every key named resolves, as a scan at some location, to this card: a round trip.
    for (const code of codes)
      expect(
        codeAsCardKeys(code.slice(2)).some((key) => em4100.includes(key)),
        code,
      ).toBe(true);
    // A 7-byte UID has no decimal print; a Wiegand 26 card is printed F,C, F/C or packed.
    expect(cardAsCodeKeys(enrolmentKeys('04A3B2C1D5E680', 'hex').keys).sort()).toEqual(
      [
        'C:04A3B2C1D5E680',
        'C:0X04A3B2C1D5E680',
        'C:04:A3:B2:C1:D5:E6:80',
        'C:04-A3-B2-C1-D5-E6-80',
        'C:80E6D5C1B2A304',
        'C:0X80E6D5C1B2A304',
        'C:80:E6:D5:C1:B2:A3:04',
        'C:80-E6-D5-C1-B2-A3-04',
      ].sort(),
    );
    expect(cardAsCodeKeys(enrolmentKeys('125,40961', 'wiegand26').keys).sort()).toEqual(['C:125,40961', 'C:125/40961', 'C:12540961'].sort());
  });
});

describe('the other byte order of a card', () => {
  it('is the reversed key of each 4/7-byte reading, the low 4 bytes of a 5-byte tag included, and each such print of it is a scan of the card', () => {
    expect(otherByteOrderKeys(enrolmentKeys('04A3B2C1D5E680', 'hex').keys)).toEqual(['U:80E6D5C1B2A304']);
    expect(otherByteOrderKeys(enrolmentKeys('0A008E6D5D', 'hex').keys)).toEqual(['U:5D6D8E00']);
    expect(otherByteOrderKeys(enrolmentKeys('1A2B3C4D', 'hex').keys)).toEqual(['U:4D3C2B1A']);
    // A palindrome is its own other order; 10-byte UIDs and Wiegand 26 numbers are never reversed.
    expect(otherByteOrderKeys(enrolmentKeys('1A2B2B1A', 'hex').keys)).toEqual([]);
    expect(otherByteOrderKeys(enrolmentKeys('0102030405060708090A', 'hex').keys)).toEqual([]);
    expect(otherByteOrderKeys(enrolmentKeys('125,40961', 'wiegand26').keys)).toEqual([]);
    // The reason: at a location reading both orders, a print of the reversed card is a candidate of the card.
    const both = MatchingProfile.parse({ byte_order: 'both' });
    expect(candidateKeys('80E6D5C1B2A304', both)).toContain('U:04A3B2C1D5E680');
    expect(candidateKeys('5D6D8E00', both)).toContain('U:008E6D5D');
  });
});
