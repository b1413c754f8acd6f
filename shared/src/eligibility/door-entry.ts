/** What a door check-in without a class in its check-in window uses up: the plan's or package's setting. */
export const doorCheckinConsumesValues = ['visit', 'nothing'] as const;
export type DoorCheckinConsumes = (typeof doorCheckinConsumesValues)[number];

/**
 * Whether a door entry (no class spot in its window) counts against the allowance. The server
 * records it `counted` or not by this; the agent counts its undelivered offline door visits by it
 * too, so a `nothing` pack is not refused offline for entries the server will never count. A
 * setting it does not know (a row cached before the feed carried it) counts: the older rule.
 */
export function doorEntryCounts(consumes: DoorCheckinConsumes | undefined): boolean {
  return consumes !== 'nothing';
}
