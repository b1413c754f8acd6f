/**
 * A certificate's SHA-256 fingerprint in the one form this project stores, prints and compares:
 * 32 upper-case hex pairs joined by colons, as Node's `X509Certificate.fingerprint256` and
 * `openssl x509 -noout -fingerprint -sha256` print it. Accepts that form or plain hex, in any case
 * (what an operator copies from either); null for anything else, such as a SHA-1 fingerprint.
 */
export function normaliseFingerprint(text: string): string | null {
  const hex = text.trim().replace(/:/g, '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) return null;
  return hex.match(/../g)!.join(':');
}
