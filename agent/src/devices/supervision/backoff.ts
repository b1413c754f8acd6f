import type { Random } from './clock.js';

export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/** docs/hardware.md §6.4: base 500 ms, cap 30 s. */
export const defaultBackoff: BackoffPolicy = { baseMs: 500, capMs: 30_000 };

/**
 * Exponential backoff with full jitter (docs/hardware.md §4.5, AWS "Exponential Backoff and Jitter"):
 * `random(0, min(cap, base * 2^attempt))`. Full jitter keeps several devices that dropped together
 * (a USB hub losing power) from retrying in lockstep.
 */
export class FullJitterBackoff {
  private attempt = 0;

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly random: Random,
  ) {}

  /** The delay before the next retry; each call widens the window until the cap. */
  next(): number {
    const ceiling = Math.min(this.policy.capMs, this.policy.baseMs * 2 ** this.attempt);
    if (ceiling < this.policy.capMs) this.attempt += 1;
    return Math.floor(this.random() * ceiling);
  }

  /** After a successful open the next failure starts again from the base. */
  reset(): void {
    this.attempt = 0;
  }
}
