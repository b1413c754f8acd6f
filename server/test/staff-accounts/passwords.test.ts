import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from '../../src/modules/staff-accounts/password-strength.js';
import { costOf, hashPassword, noPasswordYet, recommendedCost, verifyPassword } from '../../src/modules/staff-accounts/passwords.js';
import { testCost } from './studio.js';

describe('staff passwords', () => {
  it('stores scrypt with its cost, a 16-byte salt and a 32-byte key, a fresh salt each time', async () => {
    const first = await hashPassword('correct horse battery', testCost);
    const second = await hashPassword('correct horse battery', testCost);
    const match = /^scrypt\$N=1024,r=8,p=1\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(first);
    expect(match).not.toBeNull();
    expect(Buffer.from(match![1]!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(match![2]!, 'base64url')).toHaveLength(32);
    expect(second).not.toBe(first);
    expect(costOf(first)).toEqual(testCost);
  });

  it('verifies the password and nothing else, with the cost the hash records', async () => {
    const stored = await hashPassword('correct horse battery', testCost);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery', stored.replace('N=1024', 'N=2048'))).toBe(false);
    expect(await verifyPassword('correct horse battery', 'plain text')).toBe(false);
  });

  it('defaults to the recommended cost, which needs more than Node’s default scrypt memory', async () => {
    expect(recommendedCost).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const stored = await hashPassword('correct horse battery');
    expect(stored.startsWith('scrypt$N=131072,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
  });

  it('refuses a short password or one easy to guess with 422 and what to do, and takes a few unrelated words', () => {
    const refused = (message: string) => expect.objectContaining({ code: 'password_too_weak', status: 422, param: 'password', message: expect.stringContaining(message) });
    expect(() => checkPasswordStrength('Xq7#k2!')).toThrow(refused('at least 10 characters'));
    expect(() => checkPasswordStrength('password1234')).toThrow(refused('too easy to guess'));
    expect(() => checkPasswordStrength('qwertyuiop')).toThrow(refused('too easy to guess'));
    expect(() => checkPasswordStrength('river lamp quiet mango')).not.toThrow();
    expect(() => checkPasswordStrength('x'.repeat(257))).toThrow(refused('at most 256'));
  });

  it('scores only the first 64 characters, so a long crafted password cannot hold the server up', () => {
    // Scoring 256 crafted characters takes about half a second, blocking the server; what follows the 64th counts for nothing.
    expect(() => checkPasswordStrength(`${'a'.repeat(64)} lantern orchard velvet canyon`)).toThrow(expect.objectContaining({ code: 'password_too_weak' }));
  });

  it("counts the person's own email, name and studio as easy to guess", () => {
    expect(() => checkPasswordStrength('olivegreen2026')).not.toThrow();
    expect(() => checkPasswordStrength('olivegreen2026', ['olivegreen@alder.example', 'Olive Green', 'Alder Yoga'])).toThrow(expect.objectContaining({ code: 'password_too_weak' }));
  });

  it('never checks a hash against an account without a password yet', async () => {
    expect(await verifyPassword('', noPasswordYet)).toBe(false);
    expect(costOf(noPasswordYet)).toBeNull();
  });
});
