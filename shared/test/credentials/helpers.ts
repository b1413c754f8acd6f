import { candidateKeys, enrolmentKeys, MatchingProfile, type EnrolmentFormat } from '../../src/credentials/index.js';

/** A profile from the defaults plus the given overrides, the way a location's settings parse. */
export function profile(overrides: { formats?: Partial<MatchingProfile['formats']>; byte_order?: MatchingProfile['byte_order'] } = {}): MatchingProfile {
  return MatchingProfile.parse(overrides);
}

/** The enrolled credential's keys that a scan's candidates hit (what the server's `IN (...)` finds). */
export function hits(scan: string, enrolled: string, options: { profile?: MatchingProfile; format?: EnrolmentFormat } = {}): string[] {
  const { keys } = enrolmentKeys(enrolled, options.format);
  return candidateKeys(scan, options.profile ?? profile()).filter((key) => keys.includes(key));
}

export function matches(scan: string, enrolled: string, options: { profile?: MatchingProfile; format?: EnrolmentFormat } = {}): boolean {
  return hits(scan, enrolled, options).length > 0;
}

/** mulberry32: a small seeded generator, so a failing property reproduces. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomBytes(random: () => number, length: number): Uint8Array {
  return Uint8Array.from({ length }, () => Math.floor(random() * 256));
}

export function hex(bytes: Uint8Array): string {
  return [...bytes]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

export function decimal(bytes: Uint8Array): bigint {
  return bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
}
