import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { ApiError } from '@studio/shared';

const ivBytes = 12;
const tagBytes = 16;

/**
 * Opaque page cursors: the position is encrypted and authenticated (AES-256-GCM, the scope as
 * associated data), so a cursor neither shows what it points at (a position may be a card number's
 * match key, issue 14) nor can be altered. Bound to the company, the route and the filters that
 * produced it: replayed against another company or another query, or altered, it is a 400.
 */
export class CursorCodec {
  readonly #key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the server secret, so the secret itself is never a cipher key.
    this.#key = createHmac('sha256', Buffer.from(secret, 'base64url')).update('cursor-encryption-v2').digest();
  }

  encode(scope: string, position: readonly (string | number)[]): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv).setAAD(Buffer.from(scope));
    const sealed = Buffer.concat([iv, cipher.update(JSON.stringify(position), 'utf8'), cipher.final()]);
    return `${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
  }

  decode(scope: string, cursor: string): (string | number)[] {
    const invalid = () => new ApiError('invalid_param', 'Invalid cursor: pass the next_cursor of the previous page unchanged.', { param: 'cursor' });
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalid();
    const sealed = Buffer.from(payload, 'base64url');
    const tag = Buffer.from(signature, 'base64url');
    if (sealed.length <= ivBytes || tag.length !== tagBytes) throw invalid();
    let position: unknown;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, sealed.subarray(0, ivBytes)).setAAD(Buffer.from(scope)).setAuthTag(tag);
      const plain = Buffer.concat([decipher.update(sealed.subarray(ivBytes)), decipher.final()]);
      position = JSON.parse(plain.toString('utf8'));
    } catch {
      throw invalid();
    }
    if (!Array.isArray(position) || !position.every((v) => typeof v === 'string' || typeof v === 'number')) throw invalid();
    return position;
  }
}

/** The scope of a list query: company, route and every filter but the page position. */
export function cursorScope(companyId: string, route: string, filters: Record<string, unknown>): string {
  const entries = Object.entries(filters)
    .filter(([name, value]) => name !== 'cursor' && name !== 'limit' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([companyId, route, entries]);
}
