import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Environment } from '@studio/shared';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base-62 characters carry 256 bits, comfortably over the 192 bits decided for secrets. */
const secretLength = 43;
const keyPattern = /^([a-z][a-z0-9]{1,19})_sk_(live|test)_([0-9A-Za-z]{43})$/;

function randomBase62(length: number): string {
  let value = BigInt('0x' + randomBytes(32).toString('hex'));
  let out = '';
  for (let i = 0; i < length; i++) {
    out += base62[Number(value % 62n)];
    value /= 62n;
  }
  return out;
}

export interface MintedKey {
  key: string;
  hash: string;
  last4: string;
}

/** A new key `<prefix>_sk_live_<secret>`, or `_sk_test_` for test mode; only its hash is ever stored. */
export function mintKey(prefix: string, environment: Environment = 'live'): MintedKey {
  const key = `${prefix}_sk_${environment}_${randomBase62(secretLength)}`;
  return { key, hash: hashKey(key), last4: key.slice(-4) };
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function parseKey(key: string): { prefix: string; environment: Environment } | null {
  const match = keyPattern.exec(key);
  return match ? { prefix: match[1]!, environment: match[2] as Environment } : null;
}

/** Constant-time comparison of two hex digests. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
