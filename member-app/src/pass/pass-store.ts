/**
 * The member's pass key, kept on the phone (localStorage) so the Pass screen opens and makes codes
 * with no signal. It is the member's own key and nothing else: no session, no email. Signing out
 * forgets it; staff revoking the pass makes it useless at the doors.
 */
import type { MemberPass } from '../api/pass-api.ts';

const storageKey = 'studio.pass';

export interface StoredPass {
  contact_id: string;
  location_id: string;
  member_key: string;
  /** The server's clock minus the phone's, when the key was fetched: codes follow the server's clock. */
  clock_offset_ms: number;
}

/** The pass as fetched, with how far off the phone's clock was (`receivedAt`: the phone's clock then). */
export function keepPass(pass: MemberPass, receivedAt: number): StoredPass {
  const stored = { contact_id: pass.contact_id, location_id: pass.location_id, member_key: pass.member_key, clock_offset_ms: Date.parse(pass.server_time) - receivedAt };
  try {
    localStorage.setItem(storageKey, JSON.stringify(stored));
  } catch {
    // Storage full or refused (private mode): the pass works until the app is closed.
  }
  return stored;
}

export function storedPass(): StoredPass | null {
  try {
    const text = localStorage.getItem(storageKey);
    const value = text ? (JSON.parse(text) as Partial<StoredPass>) : null;
    return value && typeof value.member_key === 'string' && typeof value.contact_id === 'string' ? (value as StoredPass) : null;
  } catch {
    return null;
  }
}

export function forgetPass(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing kept.
  }
}
