import { join } from 'node:path';
import { NetworkError, createStudioClient } from '@studio/shared/client';
import { startRecordingTlsServer } from '@studio/testkit/agent/recording-tls-server';
import { startStudioServer, type StudioServer } from '@studio/testkit/agent/studio-server';
import { agentConfig, tempDir, testAgent } from '@studio/testkit/agent/test-agent';
import { listenHttps, testCertificate } from '@studio/testkit/server/tls';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Certificate = Awaited<ReturnType<typeof testCertificate>>;

/**
 * The agent on another box reaches the server over HTTPS with a self-signed certificate, pinned by
 * its fingerprint (docs/https.md): the real server on a loopback port, the real API client, a fake
 * reader and relay. A server showing any other certificate never sees a byte of a request, so
 * never the API key, and the gate decides offline.
 */
describe('the agent over HTTPS with a pinned certificate', () => {
  let studio: StudioServer;
  let temp: ReturnType<typeof tempDir>;
  let served: Certificate;
  let another: Certificate;
  let https: Awaited<ReturnType<typeof listenHttps>>;

  beforeAll(async () => {
    temp = tempDir();
    studio = await startStudioServer();
    served = await testCertificate(join(temp.dir, 'server-tls'));
    another = await testCertificate(join(temp.dir, 'another-tls'));
    https = await listenHttps(studio.f, served);
  });
  afterAll(async () => {
    await https.close();
    await studio.close();
    temp.remove();
  });

  /** An agent at the studio's location against `url`, its warnings kept as parsed log lines. */
  const startAgent = async (name: string, server: { url: string; tls_fingerprint?: string }) => {
    const warnings: Record<string, unknown>[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) });
    const config = agentConfig(join(temp.dir, `${name}.db`), { server: { api_key: studio.apiKey, ...server }, location_id: studio.locationId, budgets: { online_decision_ms: 1500 } });
    const { agent, relay, scan } = testAgent(config, { logger });
    await agent.start();
    return { agent, relay, scan, warnings };
  };

  it('checks a member in online with the right fingerprint, written as plain lower-case hex', async () => {
    const member = await studio.build.member({ cards: [{ value: '4000000001' }], firstName: 'Tess' });
    const { agent, relay, scan } = await startAgent('pinned', { url: https.url, tls_fingerprint: served.fingerprint.replace(/:/g, '').toLowerCase() });
    try {
      expect(https.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
      await agent.syncFeedNow();
      expect(agent.cache.rowCount()).toBeGreaterThanOrEqual(1);
      expect(await scan('4000000001')).toMatchObject({ granted: true, offline: false, firstName: 'Tess' });
      expect(relay.pulses).toEqual([200]);
      expect(await studio.visitsOf(member.membershipId)).toHaveLength(1);
    } finally {
      await agent.stop();
    }
  });

  it('never sends a request to a server with another certificate: the gate decides offline and the mismatch is logged', async () => {
    const impostor = await startRecordingTlsServer(served);
    const { agent, relay, scan, warnings } = await startAgent('mismatch', { url: impostor.url, tls_fingerprint: another.fingerprint });
    try {
      const decision = await scan('4000000002');
      expect(decision).toMatchObject({ granted: false, offline: true });
      expect(relay.pulses).toEqual([]);
      expect(impostor.connections()).toBeGreaterThanOrEqual(1);
      expect(impostor.received()).toBe('');
      // The feed sync meets the same refusal: a failed pass, retried later, nothing sent.
      await agent.syncFeedNow();
      expect(impostor.connections()).toBeGreaterThanOrEqual(2);
      expect(impostor.received()).toBe('');
      const mismatches = warnings.filter((line) => line.expected !== undefined);
      expect(mismatches.length).toBeGreaterThanOrEqual(2);
      expect(mismatches[0]).toMatchObject({ host: '127.0.0.1', expected: another.fingerprint, seen: served.fingerprint });
      expect(JSON.stringify(warnings)).not.toContain(studio.apiKey);
    } finally {
      await agent.stop();
      await impostor.close();
    }
  });

  it('writes the request, key and all, only once the certificate is the pinned one (the recorder sees what is sent)', async () => {
    const recorder = await startRecordingTlsServer(served);
    const client = createStudioClient({ baseUrl: recorder.url, apiKey: 'acme_sk_live_probe', tlsFingerprint: served.fingerprint, timeoutMs: 500, retries: 0 });
    try {
      await expect(client.ping()).rejects.toMatchObject({ code: 'timeout' });
      expect(recorder.received()).toMatch(/^GET \/v1\/ping HTTP\/1\.1\r\n/);
      expect(recorder.received()).toContain('authorization: Bearer acme_sk_live_probe');
    } finally {
      await client.close();
      await recorder.close();
    }
  });

  it('without a pinned fingerprint, refuses a self-signed certificate by the usual CA checks, before sending', async () => {
    const recorder = await startRecordingTlsServer(served);
    const client = createStudioClient({ baseUrl: recorder.url, apiKey: 'acme_sk_live_probe', timeoutMs: 2000, retries: 0 });
    try {
      const failure = await client.ping().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(NetworkError);
      expect(failure).toMatchObject({ code: 'network_error', message: expect.stringMatching(/self-signed/i) });
      expect(recorder.connections()).toBe(1);
      expect(recorder.received()).toBe('');
    } finally {
      await client.close();
      await recorder.close();
    }
  });

  it('refuses to pin a certificate on a plain-HTTP base URL', () => {
    expect(() => createStudioClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', tlsFingerprint: served.fingerprint })).toThrow(/needs an https:\/\/ baseUrl/);
  });
});
