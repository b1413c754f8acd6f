import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Contact, Event } from '@studio/shared';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signatureHeaders } from '../../src/modules/webhooks/delivery/signature.js';

/**
 * docs/webhooks.md shows a request "a library can be tried on": its secret, headers and body must
 * be what this server would send, and must verify with the Standard Webhooks package.
 */
const doc = readFileSync(fileURLToPath(new URL('../../../docs/webhooks.md', import.meta.url)), 'utf8');
const secret = /secret is `(whsec_[A-Za-z0-9+/=]+)`/.exec(doc)![1]!;
const example = /```http\n([\s\S]*?)\n```/.exec(doc)![1]!;
const [head, body] = example.split('\n\n') as [string, string];
const headers = Object.fromEntries(
  head
    .split('\n')
    .slice(1)
    .map((line) => line.split(': ') as [string, string]),
);

describe('the signed example in docs/webhooks.md', () => {
  afterEach(() => vi.useRealTimers());

  it('is what the server signs for that secret, id, time and body', () => {
    const sentAt = Number(headers['webhook-timestamp']) * 1000;
    const signed = signatureHeaders({ secret, previous_secret: null, previous_secret_expires_at: null }, headers['webhook-id']!, body, sentAt);
    expect(signed).toEqual({ 'webhook-id': headers['webhook-id'], 'webhook-timestamp': headers['webhook-timestamp'], 'webhook-signature': headers['webhook-signature'] });
  });

  it('verifies with the standardwebhooks package at the time it was sent, and its body is an Event of a Contact', () => {
    // The library refuses a timestamp five minutes off its clock: put its clock at the send.
    vi.useFakeTimers({ toFake: ['Date'], now: Number(headers['webhook-timestamp']) * 1000 + 2_000 });
    const event = Event.parse(new Webhook(secret).verify(body, headers));
    expect(event.id).toBe(headers['webhook-id']);
    expect(event.type).toBe('contact.created');
    expect(Contact.strict().parse(event.data).location_id).toBe(event.location_id);
    expect(() => new Webhook(secret).verify(body.replace('Ana', 'Ann'), headers)).toThrow();
  });
});
