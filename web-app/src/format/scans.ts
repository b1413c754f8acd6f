/** How long a read at the desk reader is offered for enrolment (design reference, Card enrolment). */
export const scanOfferMs = 2 * 60 * 1000;

/** The newest read of the chosen reader (any reader when none is chosen) within the last two minutes. */
export function latestScan<T extends { device_id: string; scanned_at: string }>(scans: readonly T[], deviceId: string | null, now: Date): T | null {
  let best: T | null = null;
  for (const scan of scans) {
    if (deviceId && scan.device_id !== deviceId) continue;
    const age = now.getTime() - Date.parse(scan.scanned_at);
    if (age > scanOfferMs || age < -scanOfferMs) continue;
    if (!best || scan.scanned_at > best.scanned_at) best = scan;
  }
  return best;
}
