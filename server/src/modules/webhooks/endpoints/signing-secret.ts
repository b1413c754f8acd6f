import { randomBytes } from 'node:crypto';

/** How long a rotated-out secret keeps signing beside the new one, for the receiver to switch. */
export const previousSecretGraceMs = 24 * 60 * 60 * 1000;

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 32 random bytes (the HMAC-SHA256 key). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
