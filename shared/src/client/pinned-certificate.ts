import type { TLSSocket } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { normaliseFingerprint } from '../network/fingerprint.js';

/** What a refused connection saw; fingerprints are public (a certificate is sent to anyone who connects). */
export interface CertificateMismatch {
  host: string;
  port: string;
  expected: string;
  /** Null when the peer showed no certificate at all. */
  seen: string | null;
}

/** Thrown into undici as the connection's failure; the client turns it into a `NetworkError`. */
export class CertificateMismatchError extends Error {
  readonly code = 'CERTIFICATE_MISMATCH';

  constructor(readonly mismatch: CertificateMismatch) {
    super(`the server at ${mismatch.host}:${mismatch.port} shows a certificate with fingerprint ${mismatch.seen ?? '(none)'}, not the pinned ${mismatch.expected}`);
    this.name = 'CertificateMismatchError';
  }
}

/**
 * An undici Agent whose connections accept exactly one server certificate, named by its SHA-256
 * fingerprint. The CA and host-name checks are replaced by that comparison: a self-signed
 * certificate has no CA, and a box may reach the server by an address its certificate does not
 * name. undici writes a request only once the connector's callback hands it the socket, so the
 * comparison runs after the handshake and before any byte of a request (its Authorization header
 * among them): a server with another certificate gets nothing. TLS sessions are not resumed, so
 * every connection shows its certificate afresh. A plain-HTTP origin is refused too: this agent is
 * for pinned HTTPS only.
 */
export function pinnedCertificateAgent(fingerprint: string, onMismatch: (mismatch: CertificateMismatch) => void): Agent {
  const expected = normaliseFingerprint(fingerprint);
  if (expected === null) throw new TypeError('pinnedCertificateAgent: not a SHA-256 fingerprint (64 hex digits, colons allowed)');
  const connector = buildConnector({ rejectUnauthorized: false, maxCachedSessions: 0 });
  return new Agent({
    connect(options, callback) {
      if (options.protocol !== 'https:') {
        callback(new Error(`a pinned certificate needs https://, not ${options.protocol}//${options.hostname}`), null);
        return;
      }
      connector(options, (error, socket) => {
        if (error !== null) {
          callback(error, null);
          return;
        }
        const seen = (socket as TLSSocket).getPeerCertificate().fingerprint256 ?? null;
        if (seen === expected) {
          callback(null, socket);
          return;
        }
        socket.destroy();
        const mismatch = { host: options.hostname, port: options.port, expected, seen };
        onMismatch(mismatch);
        callback(new CertificateMismatchError(mismatch), null);
      });
    },
  });
}
