import { timingSafeEqual } from 'node:crypto';
import { startFixture, type Fixture } from '@studio/testkit/server/fixture';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashesEqual, hashKey } from '../../src/modules/keys/key-format.js';

// The real comparison, watched: which buffers the server compares, and that it is this function.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const compared = vi.mocked(timingSafeEqual);

describe('comparing API keys in constant time', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture('sqlite');
  });
  afterAll(() => f.close());

  it('compares whole SHA-256 digests with crypto.timingSafeEqual, and never throws on a length mismatch', () => {
    const digest = hashKey('acme_sk_live_0123456789012345678901234567890123456789abc');
    const lastDiffers = digest.slice(0, -1) + (digest.endsWith('0') ? '1' : '0');
    compared.mockClear();
    expect(hashesEqual(digest, digest)).toBe(true);
    expect(hashesEqual(digest, lastDiffers)).toBe(false);
    expect(compared).toHaveBeenCalledTimes(2);
    for (const [left, right] of compared.mock.calls) {
      expect(Buffer.isBuffer(left) && left.length).toBe(32);
      expect(Buffer.isBuffer(right) && right.length).toBe(32);
    }
    expect(hashesEqual(digest, digest.slice(0, 10))).toBe(false);
    expect(hashesEqual(digest, '')).toBe(false);
  });

  it("authenticates a request by the key's hash and confirms it with timingSafeEqual, never by comparing the key text", async () => {
    compared.mockClear();
    expect((await f.request('GET', '/v1/ping', { key: f.keys.all })).status).toBe(200);
    const hash = Buffer.from(hashKey(f.keys.all), 'hex');
    expect(compared.mock.calls.some(([left, right]) => hash.equals(left as Buffer) && hash.equals(right as Buffer))).toBe(true);
    const keyText = Buffer.from(f.keys.all);
    expect(compared.mock.calls.some(([left, right]) => keyText.equals(left as Buffer) || keyText.equals(right as Buffer))).toBe(false);
  });
});
