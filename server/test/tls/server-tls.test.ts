import { X509Certificate } from 'node:crypto';
import { chmodSync, copyFileSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiBaseUrl, loadConfig } from '../../src/config.js';
import { machineNames } from '../../src/tls/certificate-names.js';
import { loadServerTls, selfSignedFiles } from '../../src/tls/server-tls.js';

const names = () => ({ dns: ['localhost', 'front-desk'], ips: ['127.0.0.1', '::1', '192.0.2.10'] });
const now = () => new Date('2031-03-04T05:06:07Z');
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the self-signed certificate (TLS=self-signed)', () => {
  let temp: ReturnType<typeof tempDir>;
  let dir: string;
  beforeEach(() => {
    temp = tempDir();
    dir = join(temp.dir, 'data');
  });
  afterEach(() => temp.remove());

  it('is made at first use: a folder of its own user, the key readable by it alone, ten years from the given time', async () => {
    const made = await loadServerTls({ kind: 'self-signed', dir }, { now, names });
    const { certFile, keyFile } = selfSignedFiles(dir);
    expect(made).toMatchObject({ made: true, certFile });
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(keyFile)).toBe(0o600);
    const certificate = new X509Certificate(readFileSync(certFile));
    expect(made!.fingerprint).toBe(certificate.fingerprint256);
    expect(made!.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(new Date(certificate.validFrom).toISOString()).toBe('2031-03-04T05:06:07.000Z');
    expect(made!.validTo.toISOString()).toBe('2041-03-04T05:06:07.000Z');
    expect(certificate.subjectAltName!.split(', ').sort()).toEqual(['DNS:front-desk', 'DNS:localhost', 'IP Address:127.0.0.1', 'IP Address:192.0.2.10', 'IP Address:0:0:0:0:0:0:0:1'].sort());
    expect(certificate.ca).toBe(false);
    expect(certificate.checkHost('front-desk')).toBe('front-desk');
    expect(certificate.checkIP('192.0.2.10')).toBe('192.0.2.10');
  });

  it('is reused on later starts, and its key made private again if it was loosened', async () => {
    const first = await loadServerTls({ kind: 'self-signed', dir }, { now, names });
    const { keyFile } = selfSignedFiles(dir);
    chmodSync(keyFile, 0o644);
    const later = () => new Date('2033-01-01T00:00:00Z');
    const second = await loadServerTls({ kind: 'self-signed', dir }, { now: later, names: () => ({ dns: ['renamed'], ips: [] }) });
    expect(second).toMatchObject({ made: false, fingerprint: first!.fingerprint, key: first!.key, cert: first!.cert });
    expect(modeOf(keyFile)).toBe(0o600);
  });

  it('refuses a certificate whose key is gone, rather than replacing what agents have pinned', async () => {
    await loadServerTls({ kind: 'self-signed', dir }, { now, names });
    rmSync(selfSignedFiles(dir).keyFile);
    await expect(loadServerTls({ kind: 'self-signed', dir }, { now, names })).rejects.toMatchObject({
      name: 'TlsError',
      message: expect.stringMatching(/tls-key\.pem is not: restore the key, or remove both/),
    });
  });
});

describe('a given certificate (TLS_CERT, TLS_KEY)', () => {
  let temp: ReturnType<typeof tempDir>;
  beforeEach(() => (temp = tempDir()));
  afterEach(() => temp.remove());

  it('is served as given, and refused with the file named when it cannot be used', async () => {
    const a = await loadServerTls({ kind: 'self-signed', dir: join(temp.dir, 'a') }, { now, names });
    const b = await loadServerTls({ kind: 'self-signed', dir: join(temp.dir, 'b') }, { now, names });
    const given = await loadServerTls({ kind: 'given', certFile: a!.certFile, keyFile: selfSignedFiles(join(temp.dir, 'a')).keyFile });
    expect(given).toMatchObject({ made: false, fingerprint: a!.fingerprint });

    const keyOfB = selfSignedFiles(join(temp.dir, 'b')).keyFile;
    await expect(loadServerTls({ kind: 'given', certFile: a!.certFile, keyFile: keyOfB })).rejects.toThrow(`the key ${keyOfB} does not belong to the certificate ${a!.certFile}`);
    await expect(loadServerTls({ kind: 'given', certFile: join(temp.dir, 'missing.pem'), keyFile: keyOfB })).rejects.toThrow(/^cannot read the TLS certificate .*missing\.pem: ENOENT/);
    const notACertificate = join(temp.dir, 'key-as-cert.pem');
    copyFileSync(keyOfB, notACertificate);
    await expect(loadServerTls({ kind: 'given', certFile: notACertificate, keyFile: keyOfB })).rejects.toThrow(/key-as-cert\.pem is not a PEM certificate/);
    expect(b!.fingerprint).not.toBe(a!.fingerprint);
  });
});

describe('the TLS settings', () => {
  it('are off by default; self-signed keeps its files beside the SQLite file, or in TLS_DIR, or ./data', () => {
    expect(loadConfig({}).tls).toEqual({ kind: 'off' });
    expect(loadConfig({ TLS: 'self-signed', DATABASE_URL: '/var/lib/studio/studio.db' }).tls).toEqual({ kind: 'self-signed', dir: '/var/lib/studio' });
    expect(loadConfig({ TLS: 'self-signed', DATABASE_URL: '/var/lib/studio/studio.db', TLS_DIR: '/etc/studio/tls' }).tls).toEqual({ kind: 'self-signed', dir: '/etc/studio/tls' });
    expect(loadConfig({ TLS: 'self-signed', DATABASE_URL: 'postgres://studio@127.0.0.1:5432/studio' }).tls).toEqual({ kind: 'self-signed', dir: 'data' });
    expect(loadConfig({ TLS_CERT: '/etc/studio/cert.pem', TLS_KEY: '/etc/studio/key.pem' }).tls).toEqual({ kind: 'given', certFile: '/etc/studio/cert.pem', keyFile: '/etc/studio/key.pem' });
  });

  it('refuse half a pair, and both ways at once', () => {
    expect(() => loadConfig({ TLS_CERT: '/etc/studio/cert.pem' })).toThrow(/TLS_CERT: TLS_CERT and TLS_KEY go together/);
    expect(() => loadConfig({ TLS_KEY: '/etc/studio/key.pem' })).toThrow(/TLS_CERT: TLS_CERT and TLS_KEY go together/);
    expect(() => loadConfig({ TLS: 'self-signed', TLS_CERT: '/c.pem', TLS_KEY: '/k.pem' })).toThrow(/TLS: TLS=self-signed makes its own certificate/);
    expect(() => loadConfig({ TLS: 'on' })).toThrow(/TLS: /);
  });

  it('make the API base URL https', () => {
    expect(apiBaseUrl(loadConfig({ PORT: '3443' }))).toBe('http://127.0.0.1:3443/v1');
    expect(apiBaseUrl(loadConfig({ PORT: '3443', TLS: 'self-signed' }))).toBe('https://127.0.0.1:3443/v1');
    expect(apiBaseUrl(loadConfig({ PORT: '3443', HOST: '::1', TLS_CERT: '/c.pem', TLS_KEY: '/k.pem' }))).toBe('https://[::1]:3443/v1');
  });
});

describe("the machine's names for a new certificate", () => {
  it('are localhost, its host name, loopback and every address of its interfaces but IPv6 link-local ones', () => {
    const interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = {
      lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
      eth0: [
        { address: '192.0.2.10', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: '192.0.2.10/24' },
        { address: '2001:db8::10', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: '2001:db8::10/64', scopeid: 0 },
        { address: 'fe80::1', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: 'fe80::1/64', scopeid: 2 },
      ],
    };
    expect(machineNames('front-desk', interfaces)).toEqual({ dns: ['localhost', 'front-desk'], ips: ['127.0.0.1', '::1', '192.0.2.10', '2001:db8::10'] });
  });
});
