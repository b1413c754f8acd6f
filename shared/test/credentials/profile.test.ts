import { describe, expect, it } from 'vitest';
import { defaultMatchingProfile, MatchingProfile } from '../../src/credentials/index.js';

describe('MatchingProfile', () => {
  it('parses {} to the default', () => {
    const expected = { formats: { hex: true, decimal: true, wiegand26: false }, byte_order: 'both' };
    expect(MatchingProfile.parse({})).toEqual(expected);
    expect(defaultMatchingProfile).toEqual(expected);
  });

  it('fills a partial formats group from the defaults', () => {
    expect(MatchingProfile.parse({ formats: { wiegand26: true }, byte_order: 'reversed' })).toEqual({
      formats: { hex: true, decimal: true, wiegand26: true },
      byte_order: 'reversed',
    });
  });

  it('refuses unknown fields and byte orders, so a typo in settings is not silently ignored', () => {
    expect(MatchingProfile.safeParse({ formats: { hexadecimal: true } }).success).toBe(false);
    expect(MatchingProfile.safeParse({ byteorder: 'reversed' }).success).toBe(false);
    expect(MatchingProfile.safeParse({ byte_order: 'lsb' }).success).toBe(false);
  });

  it('keeps the default from being changed by whoever holds it', () => {
    expect(Object.isFrozen(defaultMatchingProfile)).toBe(true);
    expect(Object.isFrozen(defaultMatchingProfile.formats)).toBe(true);
  });
});
