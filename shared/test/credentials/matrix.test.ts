// The format matrix of docs/hardware.md §1.1 and §1.5: one card, every number a reader may print for it.
import { describe, expect, it } from 'vitest';
import { candidateKeys, enrolmentKeys, memberCodeKey } from '../../src/credentials/index.js';
import { hits, matches, profile } from './helpers.js';

const w26 = profile({ formats: { wiegand26: true } });

describe('EM4100 tag 0A 00 8E 6D 5D (docs/hardware.md §1.5)', () => {
  it('enrolled as its 40-bit hex, matches the 32-bit decimal, 32-bit hex, 40-bit hex and 40-bit decimal prints', () => {
    expect(enrolmentKeys('0A008E6D5D')).toEqual({ canonical: 'U:0A008E6D5D', keys: ['U:0A008E6D5D', 'U:008E6D5D'], lossy: false });
    expect(hits('0009334109', '0A008E6D5D')).toEqual(['U:008E6D5D']);
    expect(hits('008E6D5D', '0A008E6D5D')).toEqual(['U:008E6D5D']);
    expect(hits('0A008E6D5D', '0A008E6D5D')).toEqual(['U:0A008E6D5D', 'U:008E6D5D']);
    expect(hits('42959007069', '0A008E6D5D')).toEqual(['U:0A008E6D5D', 'U:008E6D5D']);
  });

  it('enrolled as the 10-digit decimal on the fob, matches 32-bit hex, the decimal and the 40-bit hex by its low 32 bits', () => {
    expect(enrolmentKeys('0009334109')).toEqual({ canonical: 'U:008E6D5D', keys: ['U:008E6D5D'], lossy: false });
    expect(matches('008E6D5D', '0009334109')).toBe(true);
    expect(matches('0009334109', '0009334109')).toBe(true);
    expect(matches('9334109', '0009334109')).toBe(true);
    expect(matches('0A008E6D5D', '0009334109')).toBe(true);
    expect(matches('42959007069', '0009334109')).toBe(true);
  });

  it('a Wiegand 26 print matches none of the full-number enrolments, even with Wiegand 26 on', () => {
    for (const enrolled of ['0A008E6D5D', '0009334109', '008E6D5D', '42959007069']) {
      for (const scan of ['142,27997', '142 27997', '142/27997', '14227997']) {
        expect(matches(scan, enrolled, { profile: w26 })).toBe(false);
        expect(matches(scan, enrolled)).toBe(false);
      }
      expect(enrolmentKeys(enrolled).keys.every((key) => key.startsWith('U:'))).toBe(true);
    }
  });

  it('a Wiegand 26 enrolment matches its print and every full print of the card when Wiegand 26 is on, nothing when off', () => {
    expect(enrolmentKeys('142,27997')).toEqual({ canonical: 'W:142,27997', keys: ['W:142,27997'], lossy: true });
    for (const scan of ['142,27997', '142 27997', '142/27997', '14227997', '0009334109', '008E6D5D', '0A008E6D5D', '42959007069']) {
      expect(matches(scan, '142,27997', { profile: w26 })).toBe(true);
      expect(matches(scan, '142,27997')).toBe(false);
    }
    expect(matches('142,27998', '142,27997', { profile: w26 })).toBe(false);
  });

  it('Wiegand 26 numbers are plain decimal: leading zeros go, every spelling gives one key', () => {
    for (const spelling of ['142,27997', '142, 27997', '142 27997', '142/27997', '14227997']) {
      expect(enrolmentKeys(spelling, 'wiegand26').canonical).toBe('W:142,27997');
    }
    expect(enrolmentKeys('7,00042').canonical).toBe('W:7,42');
    expect(enrolmentKeys('00700042', 'wiegand26').canonical).toBe('W:7,42');
    expect(candidateKeys('007,00042', w26)).toContain('W:7,42');
  });

  it('auto reads 8 digits as decimal; only the explicit format reads them as packed Wiegand 26', () => {
    expect(enrolmentKeys('14227997').canonical).toBe('U:00D91A1D');
    expect(enrolmentKeys('14227997', 'wiegand26').canonical).toBe('W:142,27997');
    expect(enrolmentKeys('14227997', 'hex').canonical).toBe('U:14227997');
  });
});

describe('MIFARE 4-byte UID 04 A2 24 B2 (docs/hardware.md §1.1, §1.4)', () => {
  const forward = profile({ byte_order: 'forward' });
  const reversed = profile({ byte_order: 'reversed' });
  const both = profile({ byte_order: 'both' });

  it('enrols in card order', () => {
    expect(enrolmentKeys('04A224B2')).toEqual({ canonical: 'U:04A224B2', keys: ['U:04A224B2'], lossy: false });
  });

  it('the reversed decimal of cheap wedges matches when the profile allows reversed bytes', () => {
    expect(matches('2988745220', '04A224B2', { profile: reversed })).toBe(true);
    expect(matches('2988745220', '04A224B2', { profile: both })).toBe(true);
    expect(matches('2988745220', '04A224B2', { profile: forward })).toBe(false);
  });

  it('the forward decimal matches when the profile allows card order, padded or not', () => {
    for (const scan of ['77735090', '0077735090']) {
      expect(matches(scan, '04A224B2', { profile: forward })).toBe(true);
      expect(matches(scan, '04A224B2', { profile: both })).toBe(true);
      expect(matches(scan, '04A224B2', { profile: reversed })).toBe(false);
    }
  });

  it('separated and lower-case hex prints match', () => {
    for (const scan of ['04:A2:24:B2', '04 a2 24 b2', '04-A2-24-B2', '0x04A224B2', '0X04:a2:24:b2', '04a224b2']) {
      expect(matches(scan, '04A224B2')).toBe(true);
    }
    for (const enrolled of ['04:A2:24:B2', '04 a2 24 b2', '0x04a224b2']) {
      expect(enrolmentKeys(enrolled).canonical).toBe('U:04A224B2');
    }
  });

  it('mixed separators or uneven groups are not hex', () => {
    for (const scan of ['04:A2-24:B2', '04A2 24B2', '04  A2  24  B2']) {
      expect(candidateKeys(scan, both).filter((key) => key.startsWith('U:'))).toEqual([]);
    }
  });
});

describe('MIFARE 7-byte UID 04 5A 3B 1C 2D 80 90', () => {
  const uid = '045A3B1C2D8090';

  it('forward print matches with forward and both, reversed print with reversed and both', () => {
    expect(enrolmentKeys(uid).keys).toEqual(['U:045A3B1C2D8090']);
    expect(matches('04:5A:3B:1C:2D:80:90', uid, { profile: profile({ byte_order: 'forward' }) })).toBe(true);
    expect(matches('04:5A:3B:1C:2D:80:90', uid, { profile: profile({ byte_order: 'reversed' }) })).toBe(false);
    expect(matches('90802D1C3B5A04', uid, { profile: profile({ byte_order: 'reversed' }) })).toBe(true);
    expect(matches('90802D1C3B5A04', uid, { profile: profile({ byte_order: 'both' }) })).toBe(true);
    expect(matches('90802D1C3B5A04', uid, { profile: profile({ byte_order: 'forward' }) })).toBe(false);
  });
});

describe('10-byte UID', () => {
  it('has one key, never reversed', () => {
    const uid = '0102030405060708090A';
    expect(enrolmentKeys(uid).keys).toEqual([`U:${uid}`]);
    expect(candidateKeys(uid, profile()).filter((key) => key.startsWith('U:'))).toEqual([`U:${uid}`]);
  });
});

describe('leading zeros', () => {
  it('are kept in card keys', () => {
    expect(enrolmentKeys('00000001').canonical).toBe('U:00000001');
    expect(enrolmentKeys('00000001', 'hex').canonical).toBe('U:00000001');
    expect(enrolmentKeys('1').canonical).toBe('U:00000001');
    expect(enrolmentKeys('0000000001').canonical).toBe('U:00000001');
    expect(enrolmentKeys('0x0000000001').keys).toEqual(['U:0000000001', 'U:00000001']);
  });

  it('are kept in member codes, which ignore case and whitespace', () => {
    expect(memberCodeKey('HF-00123')).toBe('C:HF-00123');
    expect(memberCodeKey('hf-00123')).toBe('C:HF-00123');
    expect(memberCodeKey('  hf - 00 123\t')).toBe('C:HF-00123');
    expect(memberCodeKey('HF-123')).not.toBe(memberCodeKey('HF-00123'));
    expect(memberCodeKey('00123')).not.toBe(memberCodeKey('123'));
  });
});

describe('auto enrolment picks one reading', () => {
  it.each([
    ['0A008E6D5D', 'U:0A008E6D5D'],
    ['0x12345678', 'U:12345678'],
    ['12:34:56:78', 'U:12345678'],
    ['12 34 56 78', 'U:12345678'],
    ['12345678', 'U:00BC614E'], // bare digits are decimal, even when a reader meant hex
    ['0009334109', 'U:008E6D5D'],
    ['142,27997', 'W:142,27997'],
    ['12 34', 'W:12,34'], // two separated byte pairs are no card; F C is
  ])('%s → %s', (value, canonical) => {
    expect(enrolmentKeys(value).canonical).toBe(canonical);
  });

  it('an explicit format overrides the guess', () => {
    expect(enrolmentKeys('12345678', 'hex').canonical).toBe('U:12345678');
    expect(enrolmentKeys('0009334109', 'hex').keys).toEqual(['U:0009334109', 'U:09334109']);
    expect(enrolmentKeys('0009334109', 'decimal').canonical).toBe('U:008E6D5D');
  });
});
