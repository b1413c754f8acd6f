/**
 * Failed phone-pass scans per lane (docs/phone-pass.md): after `maxFailures` bad codes within
 * `windowMs`, the lane refuses every pass for `lockMs`, so a door cannot be brute-forced through
 * its scanner. Cards are not held. Kept in memory: a restart takes longer than a lock lasts.
 */
export class PassThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly lockedUntil = new Map<string, number>();

  constructor(private readonly limits = { maxFailures: 10, windowMs: 60_000, lockMs: 300_000 }) {}

  locked(laneId: string, at: Date): boolean {
    return (this.lockedUntil.get(laneId) ?? -Infinity) > at.getTime();
  }

  /** Counts a failed scan; answers true when it locks the lane. */
  failed(laneId: string, at: Date): boolean {
    const now = at.getTime();
    const recent = (this.failures.get(laneId) ?? []).filter((t) => Math.abs(now - t) < this.limits.windowMs);
    recent.push(now);
    if (recent.length < this.limits.maxFailures) {
      this.failures.set(laneId, recent);
      return false;
    }
    this.failures.delete(laneId);
    this.lockedUntil.set(laneId, now + this.limits.lockMs);
    return true;
  }
}
