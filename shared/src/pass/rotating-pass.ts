import { base32 } from '@scure/base';

/**
 * The member's phone pass: a code that changes every 30 seconds and that a door checks offline.
 *
 *   payload  GK1:<MEMBER ID>:<MAC>   (uppercase letters, digits, `-` and `:`: a QR code in its
 *                                      alphanumeric mode, typed alike by a scanner under any layout)
 *   MAC      the first 10 bytes (80 bits) of HMAC-SHA256(K_member, "GK1|<member id>|<T>"), base32
 *   K_member HMAC-SHA256(K_location, <member id>), handed to the member's app once; after staff
 *            revoked the member's pass n times, HMAC-SHA256(K_location, "<member id>|<n>")
 *   T        floor(unix seconds / 30), RFC 6238's time step
 *
 * The member id is the contact's id, lowercase in the MAC and the key, uppercase in the payload.
 * Everything here is WebCrypto, so the member's browser and the agent compute the same bytes.
 */
export const passStepSeconds = 30;
const prefix = 'GK1';
const macBytes = 10;
const encoder = new TextEncoder();

/** The time step a moment falls in. */
export function passStep(unixMs: number): number {
  return Math.floor(unixMs / 1000 / passStepSeconds);
}

async function hmac(key: Uint8Array, message: string): Promise<Uint8Array> {
  const imported = await crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, encoder.encode(message)));
}

/**
 * The member's own key, derived from the location's current key: what the member's app is given.
 * `generation` counts the times staff revoked the member's passes (the feed carries it to the door):
 * each one makes a new key, so every earlier one, and every screenshot made with it, stops working.
 */
export function memberPassKey(locationKey: Uint8Array, memberId: string, generation = 0): Promise<Uint8Array> {
  const id = memberId.toLowerCase();
  return hmac(locationKey, generation === 0 ? id : `${id}|${generation}`);
}

async function mac(memberKey: Uint8Array, memberId: string, step: number): Promise<string> {
  const digest = await hmac(memberKey, `${prefix}|${memberId.toLowerCase()}|${step}`);
  return base32.encode(digest.subarray(0, macBytes));
}

/** The pass's text at a step, as the QR code carries it and a scanner types it. */
export async function passPayload(memberKey: Uint8Array, memberId: string, step: number): Promise<string> {
  return `${prefix}:${memberId.toUpperCase()}:${await mac(memberKey, memberId, step)}`;
}

export interface ReadPass {
  /** Lowercase, as ids are stored. */
  memberId: string;
  mac: string;
}

const payloadShape = /^GK1:([0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}):([A-Z2-7]{16})$/;

/** A scanned text read as a pass, or null when it is not one (a card number, a typo). */
export function readPass(text: string): ReadPass | null {
  const match = payloadShape.exec(text.trim().toUpperCase());
  return match ? { memberId: match[1]!.toLowerCase(), mac: match[2]! } : null;
}

/** Equal strings of equal length, compared in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

export type PassCheck = { valid: true; step: number; drift: -1 | 0 | 1 } | { valid: false; reason: 'bad_code' | 'used' };

/**
 * Checks a read pass at `step` (the door's clock): valid for the steps T-1, T and T+1 (a phone's
 * clock drifts), each compared in constant time, under any of `locationKeys` (the current key, and
 * the one before during a roll-over). A step at or before `lastAcceptedStep` (the member's last
 * pass used at this door) is refused as used: a code, or a screenshot of it, works once.
 * `generation` is the member's pass generation as the door's cache knows it (0 when never revoked).
 */
export async function checkPass(pass: ReadPass, locationKeys: readonly Uint8Array[], step: number, lastAcceptedStep: number | null, generation = 0): Promise<PassCheck> {
  let matched: { step: number; drift: -1 | 0 | 1 } | null = null;
  for (const locationKey of locationKeys) {
    const memberKey = await memberPassKey(locationKey, pass.memberId, generation);
    for (const drift of [-1, 0, 1] as const) {
      // Every candidate is computed and compared, matched or not, so the time taken says nothing.
      if (sameText(await mac(memberKey, pass.memberId, step + drift), pass.mac) && matched === null) matched = { step: step + drift, drift };
    }
  }
  if (matched === null) return { valid: false, reason: 'bad_code' };
  if (lastAcceptedStep !== null && matched.step <= lastAcceptedStep) return { valid: false, reason: 'used' };
  return { valid: true, ...matched };
}
