import type { Clock } from '../../../src/devices/supervision/clock.js';

/** Lets promise chains started by a timer or an event run to their next real wait. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

interface Scheduled {
  at: number;
  ms: number;
  callback: () => void;
}

/** A clock moved by hand: `advance` fires due timers in order and lets their promises settle. */
export class ManualClock implements Clock {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, Scheduled>();
  /** Every delay ever scheduled, in order (backoff tests read it). */
  readonly scheduled: number[] = [];

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), ms, callback });
    this.scheduled.push(ms);
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  pending(): number {
    return this.timers.size;
  }

  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await settle();
      const due = [...this.timers.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = target;
    await settle();
  }
}
