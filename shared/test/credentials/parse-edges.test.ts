import { describe, expect, it } from 'vitest';
import { CredentialFormatError, enrolmentKeys, memberCodeKey } from '../../src/credentials/index.js';
import { cardReadings } from '../../src/credentials/keys.js';
import { looksLikeDecimal, looksLikeHex, looksLikeWiegand26, parseDecimal, parseHex, parseWiegand26 } from '../../src/credentials/parse.js';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('parsers trim the text themselves', () => {
  it('reads hex, decimal and Wiegand 26 with spaces and tabs around them', () => {
    expect(looksLikeHex(' \t0A008E6D5D  ')).toBe(true);
    expect(parseHex(' 0A008E6D5D ')).toEqual({ ok: true, value: bytes(0x0a, 0x00, 0x8e, 0x6d, 0x5d) });
    expect(looksLikeDecimal(' 9334109 ')).toBe(true);
    expect(parseDecimal(' 9334109 ')).toEqual({ ok: true, value: bytes(0x00, 0x8e, 0x6d, 0x5d) });
    expect(looksLikeWiegand26(' 142,27997 ')).toBe(true);
    expect(parseWiegand26(' 142,27997 ', { packed: false })).toEqual({ ok: true, value: { facility: 142, card: 27997 } });
    expect(parseWiegand26(' 14227997 ', { packed: true })).toEqual({ ok: true, value: { facility: 142, card: 27997 } });
  });

  it('enrols each format with spaces around the text', () => {
    expect(enrolmentKeys(' 0A008E6D5D ').canonical).toBe('U:0A008E6D5D');
    expect(enrolmentKeys(' 9334109 ').canonical).toBe('U:008E6D5D');
    expect(enrolmentKeys(' 142/27997 ').canonical).toBe('W:142,27997');
  });
});

describe('parsers read the whole text, not a part of it', () => {
  it.each(['G0A008E6D5D', '0A008E6D5DG', '0A008E6D5D!', 'x0A008E6D5D'])('%s is not hex', (text) => {
    expect(looksLikeHex(text)).toBe(false);
    expect(parseHex(text).ok).toBe(false);
  });

  it('takes 0x only as a prefix', () => {
    expect(parseHex('0x0A008E6D5D')).toEqual({ ok: true, value: bytes(0x0a, 0x00, 0x8e, 0x6d, 0x5d) });
    expect(parseHex('AB0x12345678').ok).toBe(false);
    expect(parseHex('0A008E0x6D5D').ok).toBe(false);
  });

  it.each(['12a', 'a12', '1 2', '-12', '12.0'])('%j is not decimal', (text) => {
    expect(looksLikeDecimal(text)).toBe(false);
    expect(parseDecimal(text).ok).toBe(false);
  });

  it('refuses more than 13 decimal digits even when the value is small', () => {
    expect(parseDecimal('0000000000001')).toEqual({ ok: true, value: bytes(0, 0, 0, 1) });
    expect(parseDecimal('00000000000001')).toEqual({ ok: false, problem: 'a decimal card number has at most 13 digits' });
  });

  it('reads F C with any run of spaces between the numbers', () => {
    expect(parseWiegand26('12   345', { packed: false })).toEqual({ ok: true, value: { facility: 12, card: 345 } });
    expect(looksLikeWiegand26('12\t\t345')).toBe(true);
  });
});

describe('keys', () => {
  it('a member code loses every whitespace run and says so when nothing is left', () => {
    expect(memberCodeKey(' hf -\t 001 23 ')).toBe('C:HF-00123');
    expect(() => memberCodeKey(' \t ')).toThrow(new CredentialFormatError('member code is empty'));
  });

  it('a 4- or 7-byte UID read only reversed has no exact reading, and only the reversed alias', () => {
    const uid = bytes(0x04, 0xa3, 0xb2, 0xc1);
    expect(cardReadings(uid, 'reversed')).toEqual({ exact: [], aliases: [bytes(0xc1, 0xb2, 0xa3, 0x04)] });
    expect(cardReadings(uid, 'forward')).toEqual({ exact: [uid], aliases: [] });
    const double = bytes(1, 2, 3, 4, 5, 6, 7);
    expect(cardReadings(double, 'reversed')).toEqual({ exact: [], aliases: [bytes(7, 6, 5, 4, 3, 2, 1)] });
  });
});
