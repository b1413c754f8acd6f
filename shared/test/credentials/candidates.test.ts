import { describe, expect, it } from 'vitest';
import { candidateKeys } from '../../src/credentials/index.js';
import { profile } from './helpers.js';

const all = profile({ formats: { hex: true, decimal: true, wiegand26: true } });

describe('candidateKeys', () => {
  it('gives nothing for blank text', () => {
    expect(candidateKeys('', all)).toEqual([]);
    expect(candidateKeys(' \r\n\t', all)).toEqual([]);
  });

  it('tries the member code first, then exact card readings, then aliases, then Wiegand 26', () => {
    expect(candidateKeys('0009334109\r\n', all)).toEqual([
      'C:0009334109',
      'U:0009334109', // as 5 hex bytes
      'U:008E6D5D', // as decimal
      'U:09334109', // low 32 bits of the 5 hex bytes
      'U:5D6D8E00', // the decimal's bytes reversed
      'W:51,16649',
      'W:142,27997',
      'W:109,36352',
    ]);
  });

  it('puts the Wiegand 26 number the reader printed before those derived from full readings', () => {
    expect(candidateKeys('14227997', all).filter((key) => key.startsWith('W:'))[0]).toBe('W:142,27997');
  });

  it('drops duplicates', () => {
    const keys = candidateKeys('AABBBBAA', all);
    expect(keys).toEqual([...new Set(keys)]);
    expect(keys).toEqual(['C:AABBBBAA', 'U:AABBBBAA', 'W:187,48042']);
  });

  it('gives only the member code for text that is no card number', () => {
    for (const text of ['HF-00123', 'hello world', '123456789012345', '0x', '04:A2:24', '256,100', '100,65536']) {
      expect(candidateKeys(text, all)).toHaveLength(1);
    }
    expect(candidateKeys(' hf-00123 ', all)).toEqual(['C:HF-00123']);
  });

  it('adds only the readings the profile enables', () => {
    const none = profile({ formats: { hex: false, decimal: false, wiegand26: false } });
    expect(candidateKeys('0009334109', none)).toEqual(['C:0009334109']);
    expect(candidateKeys('0009334109', profile({ formats: { hex: false } }))).toEqual(['C:0009334109', 'U:008E6D5D', 'U:5D6D8E00']);
    expect(candidateKeys('0009334109', profile({ formats: { decimal: false } }))).toEqual(['C:0009334109', 'U:0009334109', 'U:09334109']);
    expect(candidateKeys('142,27997', profile())).toEqual(['C:142,27997']);
  });

  it('does not read hex notation as decimal', () => {
    expect(candidateKeys('0x12345678', profile({ formats: { hex: false } }))).toEqual(['C:0X12345678']);
    expect(candidateKeys('12:34:56:78', profile({ formats: { hex: false } }))).toEqual(['C:12:34:56:78']);
  });
});
