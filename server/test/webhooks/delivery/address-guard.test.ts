import { afterEach, describe, expect, it } from 'vitest';
import { checkWebhookUrl, refusedAddress, type WebhookTargetPolicy } from '../../../src/modules/webhooks/delivery/address-guard.js';
import { WebhookSender } from '../../../src/modules/webhooks/delivery/send.js';
import { Receiver } from './fixture.js';

const guarded: WebhookTargetPolicy = { allowPrivateTargets: false, ownAddresses: () => ['127.0.0.1', '::1', '192.168.1.20', 'fe80::1%eth0'] };
const open: WebhookTargetPolicy = { allowPrivateTargets: true };

describe('the webhook address guard', () => {
  it('refuses loopback, link-local, unspecified, multicast, broadcast and the box’s own addresses, in words', () => {
    expect(refusedAddress('127.0.0.1', guarded)).toBe('127.0.0.1 is a loopback address');
    expect(refusedAddress('127.8.9.10', guarded)).toBe('127.8.9.10 is a loopback address');
    expect(refusedAddress('::1', guarded)).toBe('::1 is a loopback address');
    expect(refusedAddress('::ffff:127.0.0.1', guarded)).toBe('127.0.0.1 is a loopback address');
    expect(refusedAddress('169.254.169.254', guarded)).toBe('169.254.169.254 is a link-local address');
    expect(refusedAddress('fe80::abcd', guarded)).toBe('fe80::abcd is a link-local address');
    expect(refusedAddress('0.0.0.0', guarded)).toBe('0.0.0.0 is the unspecified address');
    expect(refusedAddress('::', guarded)).toBe(':: is the unspecified address');
    expect(refusedAddress('224.0.0.1', guarded)).toBe('224.0.0.1 is a multicast address');
    expect(refusedAddress('255.255.255.255', guarded)).toBe('255.255.255.255 is the broadcast address');
    expect(refusedAddress('192.168.1.20', guarded)).toBe('192.168.1.20 is an address of this server');
  });

  it('allows the LAN ranges (a studio’s own integration lives there) and public addresses', () => {
    for (const address of ['10.1.2.3', '172.16.0.9', '192.168.1.21', 'fd12:3456::1', '203.0.113.7', '2001:db8::7']) {
      expect(refusedAddress(address, guarded), address).toBeNull();
    }
  });

  it('allows everything with allowPrivateTargets', () => {
    expect(refusedAddress('127.0.0.1', open)).toBeNull();
    expect(refusedAddress('169.254.169.254', open)).toBeNull();
  });

  it('checks a URL: http or https only, and a literal IP host against the ranges; names pass until they are connected to', () => {
    expect(checkWebhookUrl('https://hooks.example.com/studio', guarded)).toBeNull();
    expect(checkWebhookUrl('http://10.0.0.5:8080/in', guarded)).toBeNull();
    expect(checkWebhookUrl('ftp://hooks.example.com/', guarded)).toBe('only http and https URLs receive webhooks');
    expect(checkWebhookUrl('file:///etc/passwd', guarded)).toBe('only http and https URLs receive webhooks');
    expect(checkWebhookUrl('not a url', guarded)).toBe('the URL is not a valid absolute URL');
    expect(checkWebhookUrl('http://127.0.0.1:3000/v1/ping', guarded)).toBe('refused by the address guard: 127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it)');
    expect(checkWebhookUrl('http://[::1]/', guarded)).toBe('refused by the address guard: ::1 is a loopback address (WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it)');
    expect(checkWebhookUrl('http://2130706433/', guarded)).toBe('refused by the address guard: 127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it)');
    expect(checkWebhookUrl('http://localhost/', guarded)).toBeNull();
    expect(checkWebhookUrl('http://127.0.0.1/', open)).toBeNull();
  });

  describe('at connect time', () => {
    let hook: Receiver;
    let sender: WebhookSender;
    afterEach(async () => {
      await sender.close();
      await hook.close();
    });
    const post = (url: string) => sender.send(url, { 'webhook-id': 'msg_1' }, '{}', new AbortController().signal);

    it('refuses a name that resolves to loopback (the check is on the address a connection would use), and sends nothing', async () => {
      hook = await new Receiver().listen();
      sender = new WebhookSender({ ...guarded, timeoutMs: 5000 });
      const outcome = await post(`http://localhost:${hook.port}/hooks`);
      expect(outcome).toMatchObject({ ok: false, statusCode: null });
      expect(outcome.error).toMatch(/^refused by the address guard: localhost resolves to (127\.0\.0\.1|::1) is a loopback address \(WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it\)$/);
      expect((await post(`http://127.0.0.1:${hook.port}/hooks`)).error).toBe('refused by the address guard: 127.0.0.1 is a loopback address (WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it)');
      expect(hook.received).toEqual([]);
    });

    it('sends to the same receiver when allowed, and does not follow a redirect', async () => {
      hook = await new Receiver().listen();
      sender = new WebhookSender({ ...open, timeoutMs: 5000 });
      expect(await post(`http://localhost:${hook.port}/hooks`)).toMatchObject({ ok: true, statusCode: 204, error: null });
      hook.behaviour = () => 307;
      expect(await post(`http://localhost:${hook.port}/hooks`)).toMatchObject({ ok: false, statusCode: 307, error: 'HTTP 307' });
      expect(hook.received).toHaveLength(2);
    });
  });
});
