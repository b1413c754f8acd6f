import { createHmac } from 'node:crypto';
import { base32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { checkPass, memberPassKey, passPayload, passStep, readPass } from '../../src/pass/rotating-pass.js';

const locationKey = new Uint8Array(32).map((_, index) => index + 1);
const member = '4d678cc5-1f2a-4b3c-8d9e-0a1b2c3d4e5f';
/** 2026-12-07 19:00:00 UTC, a fixed moment: nothing here reads the clock. */
const at = Date.UTC(2026, 11, 7, 19, 0, 0);

/** The same MAC by another implementation (node:crypto), from the format's definition alone. */
function expectedPayload(key: Uint8Array, id: string, step: number): string {
  const memberKey = createHmac('sha256', key).update(id).digest();
  const mac = createHmac('sha256', memberKey).update(`GK1|${id}|${step}`).digest().subarray(0, 10);
  return `GK1:${id.toUpperCase()}:${base32.encode(mac)}`;
}

describe('the rotating pass', () => {
  it('steps every 30 seconds, on the unix epoch as RFC 6238 does', () => {
    expect(passStep(0)).toBe(0);
    expect(passStep(29_999)).toBe(0);
    expect(passStep(30_000)).toBe(1);
    expect(passStep(at)).toBe(Math.floor(at / 30_000));
    // Years ahead, still an exact integer step.
    expect(passStep(Date.UTC(2099, 0, 1))).toBe(Math.floor(Date.UTC(2099, 0, 1) / 30_000));
  });

  it('computes the payload as the format defines it, in the QR code alphanumeric alphabet', async () => {
    const memberKey = await memberPassKey(locationKey, member);
    for (const step of [passStep(at) - 1, passStep(at), passStep(at) + 1, 0]) {
      const payload = await passPayload(memberKey, member, step);
      expect(payload).toBe(expectedPayload(locationKey, member, step));
      expect(payload).toMatch(/^[0-9A-Z:-]+$/);
      expect(payload).toHaveLength(4 + 36 + 1 + 16);
    }
    // A new step, a new code.
    expect(await passPayload(memberKey, member, passStep(at))).not.toBe(await passPayload(memberKey, member, passStep(at) + 1));
  });

  it('reads a pass from what a scanner typed, and nothing else', () => {
    const mac = 'ABCDEFGHIJKLMNOP';
    expect(readPass(`GK1:${member.toUpperCase()}:${mac}`)).toEqual({ memberId: member, mac });
    // A scanner's trailing Enter, or lowercase from a reader set so.
    expect(readPass(` gk1:${member}:${mac.toLowerCase()}\r`)).toEqual({ memberId: member, mac });
    for (const text of ['04A1B2C3D4E5F6', `GK1:${member}`, `GK2:${member}:${mac}`, `GK1:${member}:${mac}0`, `GK1:not-a-member:${mac}`, `GK1:${member}:ABCDEFGHIJKLMNO1`]) {
      expect(readPass(text)).toBeNull();
    }
  });

  it('accepts the step before, the step and the step after, and refuses anything further off', async () => {
    const memberKey = await memberPassKey(locationKey, member);
    const door = passStep(at);
    for (const drift of [-1, 0, 1] as const) {
      const pass = readPass(await passPayload(memberKey, member, door + drift))!;
      expect(await checkPass(pass, [locationKey], door, null)).toEqual({ valid: true, step: door + drift, drift });
    }
    for (const off of [-3, -2, 2, 3]) {
      const pass = readPass(await passPayload(memberKey, member, door + off))!;
      expect(await checkPass(pass, [locationKey], door, null)).toEqual({ valid: false, reason: 'bad_code' });
    }
  });

  it('refuses a code used before, and any older one: a screenshot works once, for at most about 90 s', async () => {
    const memberKey = await memberPassKey(locationKey, member);
    const door = passStep(at);
    const now = readPass(await passPayload(memberKey, member, door))!;
    const accepted = await checkPass(now, [locationKey], door, null);
    expect(accepted.valid).toBe(true);
    expect(await checkPass(now, [locationKey], door, door)).toEqual({ valid: false, reason: 'used' });
    const before = readPass(await passPayload(memberKey, member, door - 1))!;
    expect(await checkPass(before, [locationKey], door, door)).toEqual({ valid: false, reason: 'used' });
    // The next step's code is new: the member's next visit.
    expect((await checkPass(readPass(await passPayload(memberKey, member, door + 1))!, [locationKey], door + 1, door)).valid).toBe(true);
  });

  it("refuses another member's code under this member's id, and a code of a rotated-out key", async () => {
    const other = '00000000-1111-4222-8333-444444444444';
    const otherPayload = await passPayload(await memberPassKey(locationKey, other), other, passStep(at));
    const forged = readPass(otherPayload.replace(other.toUpperCase(), member.toUpperCase()))!;
    expect(await checkPass(forged, [locationKey], passStep(at), null)).toEqual({ valid: false, reason: 'bad_code' });

    const rotated = new Uint8Array(32).fill(7);
    const oldPass = readPass(await passPayload(await memberPassKey(locationKey, member), member, passStep(at)))!;
    // During the roll-over the old key is still given beside the new one; after it, the old pass is refused.
    expect((await checkPass(oldPass, [rotated, locationKey], passStep(at), null)).valid).toBe(true);
    expect(await checkPass(oldPass, [rotated], passStep(at), null)).toEqual({ valid: false, reason: 'bad_code' });
  });
});
