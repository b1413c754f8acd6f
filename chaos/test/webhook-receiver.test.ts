import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookReceiver, type AnswerPolicy } from '../server/webhook-receiver.js';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const signer = new Webhook(secret);

function post(receiver: WebhookReceiver, event: { id: string; type: string }, options: { sign?: string; signal?: AbortSignal } = {}) {
  const body = JSON.stringify({ ...event, created_at: new Date().toISOString(), environment: 'live', location_id: null, data: {} });
  const timestamp = new Date();
  return fetch(receiver.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
      'webhook-signature': signer.sign(event.id, timestamp, options.sign ?? body),
    },
    body,
    signal: options.signal,
  });
}

describe('the chaos webhook receiver', () => {
  let receiver: WebhookReceiver;
  afterEach(() => receiver?.stop());

  it('accepts a delivery signed with the secret, and counts a second one of the same event as a duplicate', async () => {
    receiver = await WebhookReceiver.start(() => ({ status: 204, delayMs: 0 }));
    receiver.trust(secret);
    const event = { id: randomUUID(), type: 'contact.created' };
    expect((await post(receiver, event)).status).toBe(204);
    expect((await post(receiver, event)).status).toBe(204);
    expect(receiver.received.get(event.id)).toMatchObject({ type: 'contact.created', accepted: 2 });
    expect(receiver.duplicates).toBe(1);
    expect(receiver.rejected).toEqual([]);
  });

  it('refuses a body its signature was not made for, and records nothing of it', async () => {
    receiver = await WebhookReceiver.start(() => ({ status: 204, delayMs: 0 }));
    receiver.trust(secret);
    const event = { id: randomUUID(), type: 'contact.created' };
    expect((await post(receiver, event, { sign: '{"tampered":true}' })).status).toBe(400);
    expect(receiver.received.size).toBe(0);
    expect(receiver.rejected).toHaveLength(1);
  });

  it('answers as its policy says, attempt by attempt: a 500 is not a receipt, the retry that gets 2xx is', async () => {
    const policy: AnswerPolicy = (_id, attempt) => ({ status: attempt === 1 ? 500 : 200, delayMs: 0 });
    receiver = await WebhookReceiver.start(policy);
    receiver.trust(secret);
    const event = { id: randomUUID(), type: 'member.checked_in' };
    expect((await post(receiver, event)).status).toBe(500);
    expect(receiver.received.has(event.id)).toBe(false);
    expect((await post(receiver, event)).status).toBe(200);
    expect(receiver.received.get(event.id)?.accepted).toBe(1);
    expect(receiver.failed).toBe(1);
  });

  it('counts a delivery whose sender goes away during a slow answer as cut, not received', async () => {
    receiver = await WebhookReceiver.start(() => ({ status: 204, delayMs: 300 }));
    receiver.trust(secret);
    const abort = new AbortController();
    const sent = post(receiver, { id: randomUUID(), type: 'contact.updated' }, { signal: abort.signal }).catch(() => 'aborted');
    while (receiver.inFlight === 0) await sleep(5);
    abort.abort();
    expect(await sent).toBe('aborted');
    while (receiver.inFlight > 0) await sleep(5);
    expect(receiver.cut).toBe(1);
    expect(receiver.received.size).toBe(0);
  });
});
