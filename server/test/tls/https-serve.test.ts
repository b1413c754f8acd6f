import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { runStudio, startStudio } from '@studio/testkit/server/processes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedFiles } from '../../src/tls/server-tls.js';

/** One GET over HTTPS that trusts `ca` alone, with host-name checks on: what a browser told about the certificate does. */
function getTrusting(url: string, ca: string): Promise<{ status: number; fingerprint: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, agent: false }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, fingerprint: (response.socket as TLSSocket).getPeerCertificate().fingerprint256 });
    });
    req.on('error', reject);
    req.end();
  });
}

const fingerprintIn = (output: string) => /"tls_fingerprint":"([0-9A-F:]+)"/.exec(output)?.[1];

/** `studio serve` with TLS=self-signed as a real process: the certificate is made at the first start and kept. */
describe('studio serve over HTTPS with a self-signed certificate', () => {
  let temp: ReturnType<typeof tempDir>;
  let databaseUrl: string;
  const env = { TLS: 'self-signed' };
  beforeAll(() => {
    temp = tempDir();
    databaseUrl = join(temp.dir, 'data', 'studio.db');
  });
  afterAll(() => temp.remove());

  it('makes the certificate at first start, serves HTTPS only, and serves the same one after a restart', async () => {
    const { certFile, keyFile } = selfSignedFiles(join(temp.dir, 'data'));
    const first = await startStudio('serve', databaseUrl, 'info', { env });
    let fingerprint: string | undefined;
    try {
      expect(first.base).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(first.output()).toContain('made a self-signed TLS certificate');
      fingerprint = fingerprintIn(first.output());
      expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);

      // Trusting that certificate alone, with host-name checks on: it names 127.0.0.1 and is what the log says.
      const answer = await getTrusting(`${first.base}/openapi.json`, readFileSync(certFile, 'utf8'));
      expect(answer).toEqual({ status: 200, fingerprint });
      // Plain HTTP on the same port gets no answer.
      await expect(fetch(`${first.base.replace('https:', 'http:')}/openapi.json`)).rejects.toThrow();

      // The installer's command prints the same fingerprint, in the form an agent's config takes.
      const printed = await runStudio(databaseUrl, ['tls', 'fingerprint'], env);
      expect(printed).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(printed.stdout)).toEqual({ tls_fingerprint: fingerprint, certificate: certFile, valid_to: expect.any(String), made: false });
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const second = await startStudio('serve', databaseUrl, 'info', { env });
    try {
      expect(second.output()).not.toContain('made a self-signed TLS certificate');
      expect(fingerprintIn(second.output())).toBe(fingerprint);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('tls fingerprint says what to set when TLS is off', async () => {
    const outcome = await runStudio(databaseUrl, ['tls', 'fingerprint']);
    expect(outcome).toMatchObject({ code: 1, stdout: '' });
    expect(outcome.stderr).toMatch(/^studio: TLS is off: set TLS=self-signed .* or TLS_CERT and TLS_KEY/);
  });
});
