import type { Logger } from 'pino';

export interface PeriodicTaskOptions {
  name: string;
  intervalMs: number;
  maxBackoffMs: number;
  /** Resolves true when the job did its work; false or a throw backs off (doubling, with full jitter). */
  job: () => Promise<boolean>;
  logger: Logger;
  random?: () => number;
}

/**
 * A background job on an interval. Runs never overlap (timer, `trigger()` and `runNow()` all
 * queue on one chain), failures back off, and a throw is logged and contained, never an unhandled
 * rejection (docs/architecture.md §2.7). `stop()` clears the timer and waits for the run in flight.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private tail: Promise<void> = Promise.resolve();
  private failures = 0;
  private stopped = true;

  constructor(private readonly options: PeriodicTaskOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.tail;
  }

  /** Runs soon instead of waiting for the interval (e.g. the server is back: drain now). */
  trigger(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Runs once now, after any run in flight; resolves when that run is over. */
  runNow(): Promise<void> {
    return this.execute();
  }

  private execute(): Promise<void> {
    const { job, logger, name } = this.options;
    this.tail = this.tail.then(async () => {
      try {
        this.failures = (await job()) ? 0 : this.failures + 1;
      } catch (error) {
        this.failures++;
        // Expected while the server is away: the code and message, without a stack per retry.
        logger.warn({ task: name, code: (error as { code?: string }).code, error: (error as Error).message }, 'background task failed; will retry');
      }
    });
    return this.tail;
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopped) return;
      void this.execute().then(() => {
        // A trigger() during the run set its own timer; keep it rather than wait a whole interval.
        if (!this.stopped && this.timer === null) this.schedule(this.nextDelayMs());
      });
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private nextDelayMs(): number {
    const { intervalMs, maxBackoffMs, random = Math.random } = this.options;
    if (this.failures === 0) return intervalMs;
    const ceiling = Math.min(maxBackoffMs, intervalMs * 2 ** Math.min(this.failures, 20));
    return Math.max(Math.min(intervalMs, ceiling) / 4, random() * ceiling);
  }
}
