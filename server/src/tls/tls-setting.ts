/**
 * How the server serves its API: plain HTTP (the default, for loopback and behind a proxy that
 * terminates TLS), HTTPS with a certificate the operator gives, or HTTPS with a self-signed one
 * the server makes in `dir` at its first start and keeps (docs/https.md).
 */
export type TlsSetting = { kind: 'off' } | { kind: 'given'; certFile: string; keyFile: string } | { kind: 'self-signed'; dir: string };

/** Thrown for a certificate or key that cannot be used; its message says what to fix. */
export class TlsError extends Error {
  override name = 'TlsError';
}
