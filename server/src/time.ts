/** Now as ISO 8601 UTC with milliseconds: the one timestamp format stored and answered. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function toIso(date: Date | number): string {
  return new Date(date).toISOString();
}
