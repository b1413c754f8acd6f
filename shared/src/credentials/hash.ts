/**
 * The offline feed's form of a match key (docs/hardware.md §1.5). Raw member codes and card UIDs never
 * leave the server: it sends HMAC-SHA256(company secret, match key) instead, and the agent hashes
 * its `candidateKeys` with the same secret and looks them up. Keyed, because a plain hash of a
 * 32-bit UID is reversed by trying all 2^32 values.
 *
 * The secret is the company's base64url string; its decoded bytes are the HMAC key. The digest is
 * base64url, cut to 32 characters (192 bits: no collisions among a company's credentials).
 */
import { createHmac } from 'node:crypto';

const hashLength = 32;
const minimumSecretBytes = 16;

export function credentialHash(companySecret: string, key: string): string {
  return createHmac('sha256', secretBytes(companySecret)).update(key, 'utf8').digest('base64url').slice(0, hashLength);
}

function secretBytes(companySecret: string): Buffer {
  // Node decodes base64url leniently (it skips foreign characters), so check the alphabet first:
  // a mangled secret must fail loudly, not give hashes the server never sent.
  const bytes = /^[A-Za-z0-9_-]+$/.test(companySecret) ? Buffer.from(companySecret, 'base64url') : null;
  if (!bytes || bytes.length < minimumSecretBytes) {
    throw new TypeError(`credential secret must be base64url of at least ${minimumSecretBytes} bytes`);
  }
  return bytes;
}
