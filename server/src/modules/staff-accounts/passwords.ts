import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: N (a power of two), r and p. Stored with each hash, so raising it later leaves old hashes readable. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's password storage guidance for scrypt: N = 2^17 (128 MiB), r = 8, p = 1. About a tenth of a second per hash. */
export const recommendedCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const saltBytes = 16;
const keyBytes = 32;
const format = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below the recommended cost's.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** `scrypt$N=…,r=…,p=…$<salt>$<key>` (base64url), from a fresh random salt. */
export async function hashPassword(password: string, cost: ScryptCost = recommendedCost): Promise<string> {
  const salt = randomBytes(saltBytes);
  const key = await derive(password, salt, cost);
  return `scrypt$N=${cost.N},r=${cost.r},p=${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** What an account holds before its person chose a password (an invitation not used yet): no password matches it. */
export const noPasswordYet = '!no password yet';

/** True when the password is the one hashed; compared in constant time, with the cost the hash was made with. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = format.exec(stored);
  if (!match) return false;
  const [, n, r, p, salt, key] = match;
  const expected = Buffer.from(key!, 'base64url');
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The cost a stored hash was made with, so a sign-in can tell a hash made before the cost was raised. */
export function costOf(stored: string): ScryptCost | null {
  const match = format.exec(stored);
  return match ? { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) } : null;
}
