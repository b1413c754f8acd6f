import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one place the one-click unsubscribe URL of a class reminder is made (RFC 8058: the
 * List-Unsubscribe header and the footer's link) and its token checked. The token is the message's
 * id and a signature of it and its member with the company's secret (`companies.credential_secret`),
 * so it cannot be made up, nor changed to reach another member; staff, who see message ids, cannot
 * make one either. The route that answers it is web/member/unsubscribe-page.ts.
 */
export const unsubscribePath = '/m/unsubscribe';

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${unsubscribePath}/${encodeURIComponent(token)}`;
}

function signature(secret: string, messageId: string, contactId: string): string {
  return createHmac('sha256', secret).update(`member-unsubscribe\0${messageId}\0${contactId}`).digest('base64url');
}

/** The token of a member's message: `<message id>.<signature>`. */
export function unsubscribeToken(secret: string, messageId: string, contactId: string): string {
  return `${messageId}.${signature(secret, messageId, contactId)}`;
}

/** The message id a token names, before it is checked; null when it is no token at all. */
export function messageIdOfToken(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? match[1]! : null;
}

/** True when the token was made for this message and member with this secret. */
export function tokenIsGenuine(token: string, secret: string, messageId: string, contactId: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, messageId, contactId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
