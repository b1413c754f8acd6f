import { describe, expect, it } from 'vitest';
import { ConfigError, parseAgentConfig } from '../../src/config/load.js';

const fingerprint = 'ab'.repeat(32);
const pinned = 'AB:'.repeat(31) + 'AB';

function configWith(server: Record<string, unknown>) {
  return { version: 1, server: { api_key: 'acme_sk_live_abc', ...server }, location_id: '00000000-0000-4000-8000-000000000001', device_id: 'front-gate' };
}

function problemsOf(server: Record<string, unknown>): string[] {
  try {
    parseAgentConfig(configWith(server));
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** The API key goes with every request: it crosses the network encrypted unless the operator says otherwise (docs/https.md). */
describe('agent config: how the server is reached', () => {
  it('refuses plain http:// to an address off this machine, saying what to do instead', () => {
    const problems = problemsOf({ url: 'http://10.1.2.3:3000/v1' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^server\.url: http:\/\/ to 10\.1\.2\.3 would send the API key unencrypted: /);
    expect(problems[0]).toContain('server.tls_fingerprint');
    expect(problems[0]).toContain('studio tls fingerprint');
    expect(problems[0]).toContain('server.allow_insecure_http: true');
    expect(problems[0]).not.toContain('acme_sk_live_abc');
    expect(problemsOf({ url: 'http://studio.lan:3000/v1' })).toEqual([expect.stringMatching(/^server\.url: http:\/\/ to studio\.lan /)]);
  });

  it('accepts plain http:// off this machine when explicitly allowed', () => {
    const config = parseAgentConfig(configWith({ url: 'http://10.1.2.3:3000/v1', allow_insecure_http: true }));
    expect(config.server).toMatchObject({ url: 'http://10.1.2.3:3000/v1', allow_insecure_http: true });
  });

  it('accepts plain http:// to loopback: localhost, 127.0.0.0/8 and ::1', () => {
    for (const url of ['http://127.0.0.1:3000/v1', 'http://127.4.5.6:3000/v1', 'http://localhost:3000/v1', 'http://[::1]:3000/v1']) {
      expect(parseAgentConfig(configWith({ url })).server).toMatchObject({ url, allow_insecure_http: false });
    }
  });

  it('accepts https:// anywhere, with or without a pinned certificate', () => {
    expect(parseAgentConfig(configWith({ url: 'https://10.1.2.3:3000/v1' })).server.tls_fingerprint).toBeUndefined();
    expect(parseAgentConfig(configWith({ url: 'https://10.1.2.3:3000/v1', tls_fingerprint: pinned })).server.tls_fingerprint).toBe(pinned);
  });

  it('writes a fingerprint one way, from plain hex or colon pairs in any case', () => {
    for (const written of [fingerprint, fingerprint.toUpperCase(), pinned, pinned.toLowerCase(), ` ${pinned} `]) {
      expect(parseAgentConfig(configWith({ url: 'https://10.1.2.3:3000/v1', tls_fingerprint: written })).server.tls_fingerprint).toBe(pinned);
    }
  });

  it('refuses what is not a SHA-256 fingerprint, and a pin on a plain-http URL', () => {
    const sha1 = 'AB:'.repeat(19) + 'AB';
    for (const written of [sha1, 'zz'.repeat(32), `${fingerprint}00`, '']) {
      expect(problemsOf({ url: 'https://10.1.2.3:3000/v1', tls_fingerprint: written })).toEqual([expect.stringMatching(/^server\.tls_fingerprint: must be a SHA-256 fingerprint: 64 hex digits/)]);
    }
    expect(problemsOf({ url: 'http://127.0.0.1:3000/v1', tls_fingerprint: pinned })).toEqual(['server.tls_fingerprint: pins the certificate of an HTTPS server: make server.url https://']);
  });

  it('refuses a scheme other than http:// and https://', () => {
    expect(problemsOf({ url: 'ftp://10.1.2.3/v1' })).toEqual(['server.url: must be an http:// or https:// URL']);
    expect(problemsOf({ url: 'not a url' })).toEqual(['server.url: must be an http:// or https:// URL']);
  });
});
