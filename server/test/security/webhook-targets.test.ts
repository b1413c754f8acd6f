import { dialects } from '@studio/testkit/server/databases';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { refusedAddress, type WebhookTargetPolicy } from '../../src/modules/webhooks/delivery/address-guard.js';
import { WebhookSender } from '../../src/modules/webhooks/delivery/send.js';

const guarded: WebhookTargetPolicy = { allowPrivateTargets: false, ownAddresses: () => [] };

/** Cloud metadata services a webhook URL must not reach (issue 30, N12), with where each lives. */
const metadata = {
  alibaba: '100.100.100.200', // in 100.64/10, the shared address space
  awsIpv6: 'fd00:ec2::254', // in fc00::/7, unique-local
  awsIpv6Dns: 'fd00:ec2::253',
  gcpIpv6: 'fd20:ce::254',
  oracleIpv6: 'fd00:c1::a9fe:a9fe',
  oracleClassic: '192.0.0.192',
};

describe('the webhook address guard refuses the shared address space and cloud metadata in unique-local space', () => {
  it('names the rule for each, IPv4-mapped forms included, and still allows the LAN ranges', () => {
    expect(refusedAddress(metadata.alibaba, guarded)).toBe('100.100.100.200 is in the shared address space 100.64/10 (carrier-grade NAT and cloud services, Alibaba Cloud metadata among them)');
    expect(refusedAddress('::ffff:100.100.100.200', guarded)).toMatch(/^100\.100\.100\.200 is in the shared address space/);
    for (const address of ['100.64.0.1', '100.127.255.254']) expect(refusedAddress(address, guarded), address).toMatch(/shared address space/);
    for (const address of [metadata.awsIpv6, metadata.awsIpv6Dns, metadata.gcpIpv6, metadata.oracleIpv6, metadata.oracleClassic]) {
      expect(refusedAddress(address, guarded), address).toMatch(/ is a cloud metadata address$/);
    }
    // The studio's LAN, IPv6 unique-local addresses of its own included, and the edges of 100.64/10.
    for (const address of ['10.1.2.3', '172.16.0.9', '192.168.1.21', 'fd12:3456::1', 'fd00:ec3::254', 'fd20:ce::253', '100.63.255.255', '100.128.0.1', '192.0.0.193']) {
      expect(refusedAddress(address, guarded), address).toBeNull();
    }
    expect(refusedAddress(metadata.alibaba, { allowPrivateTargets: true })).toBeNull();
  });

  it('refuses them at send time before connecting', async () => {
    const sender = new WebhookSender({ ...guarded, timeoutMs: 5000 });
    try {
      for (const url of [`http://${metadata.alibaba}/latest/meta-data/`, `http://[${metadata.awsIpv6}]/latest/meta-data/`]) {
        const outcome = await sender.send(url, { 'webhook-id': 'msg_1' }, '{}', new AbortController().signal);
        expect(outcome, url).toMatchObject({ ok: false, statusCode: null, latencyMs: 0 });
        expect(outcome.error, url).toMatch(/^refused by the address guard: .* \(WEBHOOK_ALLOW_PRIVATE_TARGETS=on allows it\)$/);
      }
    } finally {
      await sender.close();
    }
  });
});

describe.each(dialects)('a webhook endpoint with a refused literal address is refused when made or changed (%s)', (dialect) => {
  let f: Fixture;
  let app: FastifyInstance;
  let open: FastifyInstance;
  beforeAll(async () => {
    f = await startFixture(dialect);
    app = await buildApp({ db: f.db });
    open = await buildApp({ db: f.db, webhookTargets: { allowPrivateTargets: true } });
  });
  afterAll(async () => {
    await app.close();
    await open.close();
    await f.close();
  });

  const call = async (on: FastifyInstance, key: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
    const response = await on.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };

  it('answers 422 webhook_url_refused naming the rule for loopback, link-local, 100.64/10 and metadata hosts, and makes nothing', async () => {
    const key = await f.mint({ scopes: ['write:webhooks'] });
    const before = (await call(app, key, 'GET', '/v1/webhook_endpoints')).body.data.length;
    const refused = {
      'http://127.0.0.1:8080/hooks': '127.0.0.1 is a loopback address',
      'http://[::1]/hooks': '::1 is a loopback address',
      'http://[::ffff:127.0.0.1]/hooks': '127.0.0.1 is a loopback address',
      'http://169.254.169.254/latest/meta-data/': '169.254.169.254 is a link-local address',
      'http://[fe80::1]/hooks': 'fe80::1 is a link-local address',
      [`http://${metadata.alibaba}/latest/meta-data/`]: '100.100.100.200 is in the shared address space',
      [`http://[${metadata.awsIpv6}]/latest/meta-data/`]: 'fd00:ec2::254 is a cloud metadata address',
    };
    for (const [url, rule] of Object.entries(refused)) {
      const answer = await call(app, key, 'POST', '/v1/webhook_endpoints', { url, event_types: ['*'] });
      expect(answer.status, url).toBe(422);
      expect(answer.body.error, url).toMatchObject({ type: 'invalid_request', code: 'webhook_url_refused', param: 'url' });
      expect(answer.body.error.message, url).toContain(`This URL cannot receive webhooks: refused by the address guard: ${rule}`);
    }
    expect((await call(app, key, 'GET', '/v1/webhook_endpoints')).body.data).toHaveLength(before);

    // LAN and public receivers are made, and a name is left to the check at each send.
    for (const url of ['https://receiver.example/hooks', 'http://10.0.0.5:8080/in', 'http://[fd12:3456::1]/in', 'http://localhost:8080/in']) {
      expect((await call(app, key, 'POST', '/v1/webhook_endpoints', { url, event_types: ['*'] })).status, url).toBe(201);
    }
  });

  it('refuses a change of URL to such a host and keeps the old one; the allow setting lets a loopback receiver (tests, a receiver on the box) be made', async () => {
    const key = await f.mint({ scopes: ['write:webhooks'] });
    const made = await call(app, key, 'POST', '/v1/webhook_endpoints', { url: 'https://receiver.example/kept', event_types: ['*'] });
    const changed = await call(app, key, 'PATCH', `/v1/webhook_endpoints/${made.body.id}`, { url: 'http://169.254.169.254/latest/meta-data/' });
    expect(changed).toMatchObject({ status: 422, body: { error: { code: 'webhook_url_refused', param: 'url' } } });
    expect((await call(app, key, 'GET', `/v1/webhook_endpoints/${made.body.id}`)).body.url).toBe('https://receiver.example/kept');

    expect((await call(open, key, 'POST', '/v1/webhook_endpoints', { url: 'http://127.0.0.1:8080/hooks', event_types: ['*'] })).status).toBe(201);
    expect((await call(open, key, 'PATCH', `/v1/webhook_endpoints/${made.body.id}`, { url: `http://${metadata.alibaba}/` })).status).toBe(200);
  });
});
