import type { Logger } from 'pino';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { queueDueReminders } from './reminders-due.js';

export interface ReminderSchedulerOptions {
  db: Db;
  log: Logger;
  clock?: Clock;
  /** How often it looks for due reminders; a reminder goes at most this late. Default a minute. */
  pollMs?: number;
}

/**
 * Queues class reminders in the background of a server process (reminders-due.ts), beside the message
 * sender that then sends them. Every process may run one: the spot's key in `class_reminders`
 * keeps each reminder to one. A failed pass is logged and the next one tries again.
 */
export class ReminderScheduler {
  readonly #options: ReminderSchedulerOptions;
  readonly #log: Logger;
  readonly #clock: Clock;
  #timer: NodeJS.Timeout | undefined;
  #pass: Promise<unknown> | null = null;
  #running = false;

  constructor(options: ReminderSchedulerOptions) {
    this.#options = options;
    this.#log = options.log.child({ module: 'reminders' });
    this.#clock = options.clock ?? systemClock;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  /** One pass, as the timer runs it: for tests that move a clock rather than wait. */
  async runOnce() {
    return queueDueReminders(this.#options.db, this.#clock);
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    await this.#pass;
  }

  #schedule(ms: number): void {
    this.#timer = setTimeout(() => void this.#tick(), ms);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    this.#pass = this.runOnce().then(
      (result) => {
        if (result.queued > 0 || result.skipped > 0) this.#log.info({ event: 'reminders.queued', ...result }, 'class reminders queued');
      },
      (error: unknown) => this.#log.error({ err: error }, 'class reminder pass failed; trying again at the next pass'),
    );
    await this.#pass;
    this.#pass = null;
    if (this.#running) this.#schedule(this.#options.pollMs ?? 60_000);
  }
}
