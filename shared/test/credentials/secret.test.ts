import { describe, expect, it } from 'vitest';
import { credentialHash } from '../../src/credentials/index.js';

// 32 random bytes as the server mints them: 43 base64url characters.
const secret = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const refusal = 'credential secret must be base64url of at least 16 bytes';

describe('credentialHash secret', () => {
  it.each(['!', '=', ' ', '\n', '+', '/', '.', 'é', '\u0000'])('refuses a long secret with one foreign character %j at its start, middle or end', (char) => {
    for (const mangled of [char + secret, secret.slice(0, 20) + char + secret.slice(20), secret + char]) {
      expect(() => credentialHash(mangled, 'U:008E6D5D')).toThrow(refusal);
    }
  });

  it('accepts 16 bytes (22 characters) and refuses 15', () => {
    const sixteen = Buffer.alloc(16, 7).toString('base64url');
    const fifteen = Buffer.alloc(15, 7).toString('base64url');
    expect(credentialHash(sixteen, 'U:008E6D5D')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(() => credentialHash(fifteen, 'U:008E6D5D')).toThrow(new TypeError(refusal));
  });

  it('refuses an empty secret with the rule, never the value', () => {
    expect(() => credentialHash('', 'U:008E6D5D')).toThrow(new TypeError(refusal));
  });
});
