import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret (session token, setup link): 32 random bytes, base64url; only `hashSecret` of it is stored. */
export function mintSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

/** SHA-256, hex: enough for a random 256-bit secret (nothing to guess), and a lookup by equality finds it. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
