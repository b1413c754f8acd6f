// Properties over seeded random cards: whatever a reader prints for a card, some candidate of the
// print is a key of the card's enrolment (docs/hardware.md §1.5).
import { describe, expect, it } from 'vitest';
import { candidateKeys, credentialHash, enrolmentKeys } from '../../src/credentials/index.js';
import { decimal, hex, matches, profile, randomBytes, seededRandom } from './helpers.js';

const runs = 500;

/** Every way a reader could print these 4 bytes in card order (docs/hardware.md §1.1 table). */
function printsOf(bytes: Uint8Array): string[] {
  const upper = hex(bytes);
  const pairs = upper.match(/../g)!;
  return [
    decimal(bytes).toString().padStart(10, '0'),
    decimal(bytes).toString(),
    upper,
    upper.toLowerCase(),
    pairs.join(':'),
    pairs.join(':').toLowerCase(),
    pairs.join(' '),
    pairs.join('-'),
    `0x${upper}`,
  ];
}

describe('4-byte card numbers', () => {
  it('every print matches the enrolment from hex, from 10-digit decimal and from unpadded decimal', () => {
    const random = seededRandom(0x5eed);
    for (let run = 0; run < runs; run++) {
      const bytes = randomBytes(random, 4);
      const enrolments = [
        enrolmentKeys(hex(bytes), 'hex'),
        enrolmentKeys(hex(bytes).toLowerCase(), 'hex'),
        enrolmentKeys(decimal(bytes).toString().padStart(10, '0')),
        enrolmentKeys(decimal(bytes).toString()),
      ];
      for (const enrolled of enrolments) expect(enrolled.keys).toEqual([`U:${hex(bytes)}`]);
      for (const print of printsOf(bytes)) {
        for (const byteOrder of ['forward', 'both'] as const) {
          expect(matches(print, hex(bytes), { format: 'hex', profile: profile({ byte_order: byteOrder }) }), `${print} ${byteOrder}`).toBe(true);
        }
      }
    }
  });

  it('a reversed print matches under reversed and both', () => {
    const random = seededRandom(0xcafe);
    for (let run = 0; run < runs; run++) {
      const bytes = randomBytes(random, 4);
      const reversed = bytes.slice().reverse();
      for (const print of printsOf(reversed)) {
        for (const byteOrder of ['reversed', 'both'] as const) {
          expect(matches(print, hex(bytes), { format: 'hex', profile: profile({ byte_order: byteOrder }) }), `${print} ${byteOrder}`).toBe(true);
        }
      }
    }
  });
});

describe('5-byte EM4100 numbers', () => {
  it('the 40-bit hex and decimal and the 32-bit hex and decimal all match the 40-bit enrolment', () => {
    const random = seededRandom(0xe4100);
    for (let run = 0; run < runs; run++) {
      const bytes = randomBytes(random, 5);
      const enrolled = enrolmentKeys(hex(bytes), 'hex');
      expect(enrolled.keys).toEqual([`U:${hex(bytes)}`, `U:${hex(bytes.subarray(1))}`]);
      const prints = [hex(bytes), decimal(bytes).toString(), ...printsOf(bytes.subarray(1))];
      for (const print of prints) {
        expect(
          candidateKeys(print, profile()).some((key) => enrolled.keys.includes(key)),
          print,
        ).toBe(true);
      }
    }
  });

  it('full numbers never get a Wiegand 26 key', () => {
    const random = seededRandom(7);
    for (let run = 0; run < runs; run++) {
      const bytes = randomBytes(random, [4, 5, 7, 10][run % 4]!);
      expect(enrolmentKeys(hex(bytes), 'hex').keys.every((key) => key.startsWith('U:'))).toBe(true);
    }
  });
});

describe('credentialHash', () => {
  const secret = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8'; // bytes 00..1F

  it('is HMAC-SHA256 under the decoded secret, base64url, 32 characters (vectors from Python hmac)', () => {
    expect(credentialHash(secret, 'U:008E6D5D')).toBe('x_zlPm1F_6U2Rr6T-_FEB0xxNqxkQhFD');
    expect(credentialHash(secret, 'C:HF-00123')).toBe('slihifYGURI30TaY-qJfWscinUCQbk4D');
    expect(credentialHash(secret, 'W:142,27997')).toBe('NbtCGu7PMHXf9__4_UeLnujSwHBg6cRL');
  });

  it('is deterministic, 32 base64url characters, and differs across keys and secrets', () => {
    const random = seededRandom(0x4a54);
    const secrets = Array.from({ length: 5 }, () => Buffer.from(randomBytes(random, 32)).toString('base64url'));
    const seen = new Set<string>();
    for (let run = 0; run < runs; run++) {
      const key = `U:${hex(randomBytes(random, 4))}${run.toString(16)}`;
      for (const companySecret of secrets) {
        const hash = credentialHash(companySecret, key);
        expect(hash).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(credentialHash(companySecret, key)).toBe(hash);
        seen.add(hash);
      }
    }
    expect(seen.size).toBe(runs * secrets.length);
  });

  it('refuses a secret that is not base64url or too short', () => {
    expect(() => credentialHash('not base64url!', 'U:008E6D5D')).toThrow(TypeError);
    expect(() => credentialHash('', 'U:008E6D5D')).toThrow(TypeError);
    expect(() => credentialHash('AAECAwQFBgc', 'U:008E6D5D')).toThrow(TypeError);
  });
});
