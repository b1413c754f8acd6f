import type { DoorCheckinConsumes } from '../schemas/members.js';

/**
 * Whether a door entry (no class spot in its window) counts against the allowance. The server
 * records it `counted` or not by this; the agent counts its undelivered offline door visits by it
 * too, so a `nothing` pack is not refused offline for entries the server will never count. A
 * setting it does not know (a row cached before the feed carried it) counts: the older rule.
 */
export function doorEntryCounts(consumes: DoorCheckinConsumes | undefined): boolean {
  return consumes !== 'nothing';
}
