import type { Relay } from '../devices/types.js';
import type { DecisionLog, Direction } from './decision-log.js';

/**
 * Who passes, for anti-passback: the member (their contact), whatever card or code they showed
 * and however a reader printed it (an RDM6300 in hex, a line reader in decimal); only a credential
 * nobody knows here is named by its local digest.
 */
export function passageKeyOf(contactId: string | null | undefined, digest: string): string {
  return contactId ? `member:${contactId}` : `credential:${digest}`;
}

/**
 * Anti-passback: refused when the member's last passage went the same way within the window
 * (either side of it: after the clock steps back, that passage looks ahead, and a one-sided test
 * would hold the member out for the whole jump). A member who went out may come back in at once.
 */
export function heldByPassback(log: Pick<DecisionLog, 'lastPassage'>, passageKey: string, direction: Direction, at: Date, windowS: number): boolean {
  if (windowS <= 0) return false;
  const last = log.lastPassage(passageKey);
  return last !== null && last.direction === direction && Math.abs(at.getTime() - last.at.getTime()) < windowS * 1000;
}

/** States in which a pulse cannot open the door: the relay is missing, disconnected or stopped. */
const doorless = new Set(['unavailable', 'down', 'stopped']);

export function doorUnavailable(relay: Relay): boolean {
  return doorless.has(relay.health().state);
}
