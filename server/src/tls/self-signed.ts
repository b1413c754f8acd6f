import type { CertificateNames } from './certificate-names.js';

/** Long enough that a box never needs a new certificate (and its agents a new fingerprint) in its life. */
export const selfSignedYears = 10;

export interface KeyAndCertificate {
  key: string;
  cert: string;
}

/**
 * A new self-signed server certificate (ECDSA P-256, SHA-256) for `names`, valid from `now` for
 * `selfSignedYears`. The library is loaded here only, when a certificate is made.
 */
export async function makeSelfSignedCertificate(names: CertificateNames, now: Date): Promise<KeyAndCertificate> {
  // A CommonJS package: its exports are the default export, whether Node loads it or a bundle does.
  const { default: selfsigned } = await import('selfsigned');
  const notAfterDate = new Date(now);
  notAfterDate.setUTCFullYear(notAfterDate.getUTCFullYear() + selfSignedYears);
  const made = await selfsigned.generate([{ name: 'commonName', value: names.dns.find((name) => name !== 'localhost') ?? 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [...names.dns.map((value) => ({ type: 2 as const, value })), ...names.ips.map((ip) => ({ type: 7 as const, ip }))] },
    ],
  });
  return { key: made.private, cert: made.cert };
}
