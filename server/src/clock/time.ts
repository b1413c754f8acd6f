/** Milliseconds since the epoch, as services read the time: passed in, so a test can fix it (docs/architecture.md §2.2). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** Now as ISO 8601 UTC with milliseconds: the one timestamp format stored and answered. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function toIso(date: Date | number): string {
  return new Date(date).toISOString();
}
