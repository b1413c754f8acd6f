import { describe, expect, it } from 'vitest';
import { CredentialFormatError, enrolmentKeys, memberCodeKey, type EnrolmentFormat } from '../../src/credentials/index.js';

function refusal(run: () => unknown): CredentialFormatError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CredentialFormatError);
    return error as CredentialFormatError;
  }
  throw new Error('expected a CredentialFormatError');
}

const refused: Array<[string, string, EnrolmentFormat?]> = [
  ['empty', ''],
  ['blank', '   '],
  ['11 hex digits', '0A008E6D5D0'],
  ['too long hex', '0A008E6D5D0A008E6D5D0A'],
  ['6 hex digits', 'A0B1C2'],
  ['too long decimal', '12345678901234'],
  ['decimal of 2^40', '1099511627776'],
  ['decimal just under 2^41', '2199023255551'],
  ['non-hex garbage', 'ZZ-TOP!!'],
  ['a member code', 'HF-00123'],
  ['a word', 'hello'],
  ['mixed separators', '04:A2-24:B2'],
  ['prefix without digits', '0x'],
  ['W26 facility 256', '256,100'],
  ['W26 card 65536', '100,65536'],
  ['packed W26 facility 256', '25612345', 'wiegand26'],
  ['packed W26 card 65536', '10065536', 'wiegand26'],
  ['W26 with a letter', '12A,345', 'wiegand26'],
  ['hex that is not', 'GHIJKLMN', 'hex'],
  ['decimal with a prefix', '0x12345678', 'decimal'],
  ['decimal with a letter', '12345678A', 'decimal'],
  ['W26 given as hex', '142,27997', 'hex'],
];

describe('rejections', () => {
  it.each(refused)('%s', (_, value, format) => {
    const error = refusal(() => enrolmentKeys(value, format));
    expect(error.code).toBe('invalid_credential');
    expect(error.name).toBe('CredentialFormatError');
    expect(error.message).not.toBe('');
    if (value.trim() !== '') expect(error.message).not.toContain(value.trim());
  });

  it('refuses an empty member code', () => {
    for (const code of ['', ' ', '\t\n']) expect(refusal(() => memberCodeKey(code)).code).toBe('invalid_credential');
  });

  it('says what was wrong without the value', () => {
    expect(refusal(() => enrolmentKeys('hello')).message).toBe('card number is not hex, decimal or Wiegand 26');
    expect(refusal(() => enrolmentKeys('256,100')).message).toMatch(/facility/);
    expect(refusal(() => enrolmentKeys('100,65536')).message).toMatch(/card number must be 0 to 65535/);
    expect(refusal(() => enrolmentKeys('1099511627776')).message).toMatch(/2\^40/);
  });

  it('accepts the bounds', () => {
    expect(enrolmentKeys('1099511627775').keys).toEqual(['U:FFFFFFFFFF', 'U:FFFFFFFF']);
    expect(enrolmentKeys('4294967295').keys).toEqual(['U:FFFFFFFF']);
    expect(enrolmentKeys('4294967296').keys).toEqual(['U:0100000000', 'U:00000000']);
    expect(enrolmentKeys('255,65535').canonical).toBe('W:255,65535');
    expect(enrolmentKeys('0,0').canonical).toBe('W:0,0');
  });
});
