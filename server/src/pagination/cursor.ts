import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@studio/shared';

/**
 * Opaque, signed page cursors. A cursor is bound to the company, the route and the filters that
 * produced it: replayed against another company or another query, or altered, it is a 400.
 */
export class CursorCodec {
  readonly #secret: Buffer;

  constructor(secret: string) {
    this.#secret = Buffer.from(secret, 'base64url');
  }

  encode(scope: string, position: readonly (string | number)[]): string {
    const payload = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${payload}.${this.#sign(scope, payload)}`;
  }

  decode(scope: string, cursor: string): (string | number)[] {
    const invalid = () => new ApiError('invalid_param', 'Invalid cursor: pass the next_cursor of the previous page unchanged.', { param: 'cursor' });
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined) throw invalid();
    const expected = Buffer.from(this.#sign(scope, payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
    const position: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(position) || !position.every((v) => typeof v === 'string' || typeof v === 'number')) throw invalid();
    return position;
  }

  #sign(scope: string, payload: string): string {
    return createHmac('sha256', this.#secret).update(scope).update('\n').update(payload).digest('base64url');
  }
}

/** The scope of a list query: company, route and every filter but the page position. */
export function cursorScope(companyId: string, route: string, filters: Record<string, unknown>): string {
  const entries = Object.entries(filters)
    .filter(([name, value]) => name !== 'cursor' && name !== 'limit' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([companyId, route, entries]);
}
