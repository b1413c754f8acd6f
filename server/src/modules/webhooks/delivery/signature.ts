import { Webhook } from 'standardwebhooks';

/** The signing secrets of an endpoint as stored (`whsec_…`). */
export interface EndpointSecrets {
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
}

/**
 * The Standard Webhooks headers of one send. The signature is the `standardwebhooks` package's
 * own (v1, HMAC-SHA256 over `id.timestamp.body`), so any Standard Webhooks library verifies it.
 * During a rotation the body is signed with the previous secret too, the signatures separated by a
 * space as the specification allows, so a receiver still holding the old secret keeps verifying
 * until `previous_secret_expires_at`.
 */
export function signatureHeaders(secrets: EndpointSecrets, messageId: string, body: string, nowMs: number): Record<string, string> {
  const timestamp = new Date(nowMs);
  const keys = [secrets.secret];
  if (secrets.previous_secret && secrets.previous_secret_expires_at && Date.parse(secrets.previous_secret_expires_at) > nowMs) keys.push(secrets.previous_secret);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(nowMs / 1000)),
    'webhook-signature': keys.map((key) => new Webhook(key).sign(messageId, timestamp, body)).join(' '),
  };
}
